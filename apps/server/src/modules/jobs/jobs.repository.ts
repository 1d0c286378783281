import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';

export type JobState = 'queued' | 'running' | 'done' | 'failed';

/** A job as stored. */
export interface JobRow {
  id: number;
  kind: string;
  media_id: number | null;
  payload: Record<string, unknown>;
  state: JobState;
  progress: number;
  attempts: number;
  max_attempts: number;
  error: string | null;
  result: Record<string, unknown> | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface NewJob {
  kind: string;
  mediumId?: number | undefined;
  payload?: Record<string, unknown>;
  /** At most one queued or running job per key: asking again answers the waiting one. */
  dedupeKey?: string;
  maxAttempts?: number;
}

const COLUMNS = sql.raw(
  'id, kind, media_id, payload, state, progress, attempts, max_attempts, error, result, ' +
    'created_at, started_at, finished_at',
);

/** Timestamps come as Date from node-postgres and as Date from PGlite; jsonb as objects. */
export class JobsRepository {
  constructor(private readonly db: Database) {}

  /** Adds a job, or answers the queued or running one with the same dedupe key. */
  async enqueue(job: NewJob): Promise<JobRow> {
    const payload = JSON.stringify(job.payload ?? {});
    const [added] = await queryRows<JobRow>(
      this.db,
      sql`INSERT INTO jobs (kind, media_id, payload, dedupe_key, max_attempts)
          VALUES (${job.kind}, ${job.mediumId ?? null}, ${payload}::jsonb, ${job.dedupeKey ?? null},
                  ${job.maxAttempts ?? 3})
          ON CONFLICT (dedupe_key) WHERE state IN ('queued', 'running') DO NOTHING
          RETURNING ${COLUMNS}`,
    );
    if (added) {
      return added;
    }
    const [waiting] = await queryRows<JobRow>(
      this.db,
      sql`SELECT ${COLUMNS} FROM jobs
          WHERE dedupe_key = ${job.dedupeKey ?? null} AND state IN ('queued', 'running')`,
    );
    // Finished between the two statements: add it anew.
    return waiting ?? this.enqueue(job);
  }

  /**
   * Takes the next due job of these kinds for `worker`: a queued one whose time has come, or a
   * running one whose lease ran out (its process died). SKIP LOCKED lets runners of several
   * instances take different jobs at once. Every take counts as an attempt.
   */
  async claim(
    kinds: readonly string[],
    worker: string,
    leaseSeconds: number,
  ): Promise<JobRow | undefined> {
    const [job] = await queryRows<JobRow>(
      this.db,
      sql`UPDATE jobs SET state = 'running', attempts = attempts + 1, locked_by = ${worker},
            locked_until = now() + make_interval(secs => ${leaseSeconds}),
            started_at = now()
          WHERE id = (
            SELECT id FROM jobs
            WHERE kind IN (${sql.join(
              kinds.map((kind) => sql`${kind}`),
              sql`, `,
            )})
              AND state IN ('queued', 'running')
              AND ((state = 'queued' AND run_at <= now())
                OR (state = 'running' AND locked_until < now()))
            ORDER BY run_at, id
            LIMIT 1
            FOR UPDATE SKIP LOCKED)
          RETURNING ${COLUMNS}`,
    );
    return job;
  }

  /** Records progress and renews the lease; false when the job is no longer this worker's. */
  async heartbeat(
    id: number,
    worker: string,
    leaseSeconds: number,
    progress?: number,
  ): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`UPDATE jobs SET locked_until = now() + make_interval(secs => ${leaseSeconds}),
            progress = COALESCE(${progress ?? null}::real, progress)
          WHERE id = ${id} AND locked_by = ${worker} AND state = 'running'
          RETURNING id`,
    );
    return rows.length > 0;
  }

  async complete(id: number, worker: string, result: Record<string, unknown>): Promise<void> {
    await this.db.execute(
      sql`UPDATE jobs SET state = 'done', progress = 1, result = ${JSON.stringify(result)}::jsonb,
            error = NULL, finished_at = now(), locked_until = NULL
          WHERE id = ${id} AND locked_by = ${worker}`,
    );
  }

  /** A failed attempt: queued again after `retryInSeconds`, or failed for good without one. */
  async fail(
    id: number,
    worker: string,
    error: string,
    retryInSeconds: number | undefined,
  ): Promise<void> {
    await this.db.execute(
      retryInSeconds === undefined
        ? sql`UPDATE jobs SET state = 'failed', error = ${error}, finished_at = now(),
                locked_until = NULL
              WHERE id = ${id} AND locked_by = ${worker}`
        : sql`UPDATE jobs SET state = 'queued', error = ${error}, locked_by = NULL,
                locked_until = NULL, progress = 0,
                run_at = now() + make_interval(secs => ${retryInSeconds})
              WHERE id = ${id} AND locked_by = ${worker}`,
    );
  }

  /** Gives a job back untouched (a graceful stop): due again at once, the take not counted. */
  async release(id: number, worker: string): Promise<void> {
    await this.db.execute(
      sql`UPDATE jobs SET state = 'queued', attempts = greatest(attempts - 1, 0), locked_by = NULL,
            locked_until = NULL, run_at = now()
          WHERE id = ${id} AND locked_by = ${worker} AND state = 'running'`,
    );
  }

  async get(id: number): Promise<JobRow | undefined> {
    const [job] = await queryRows<JobRow>(
      this.db,
      sql`SELECT ${COLUMNS} FROM jobs WHERE id = ${id}`,
    );
    return job;
  }

  /** A medium's jobs, newest first. */
  async ofMedium(mediumId: number, limit: number): Promise<JobRow[]> {
    return queryRows<JobRow>(
      this.db,
      sql`SELECT ${COLUMNS} FROM jobs WHERE media_id = ${mediumId} ORDER BY id DESC LIMIT ${limit}`,
    );
  }
}

import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRow, JobsRepository, NewJob } from './jobs.repository.ts';

/** What a handler gets besides the job: progress reports and the signal to stop. */
export interface JobContext {
  /** 0 to 1; stored (throttled) and renews the lease. */
  progress(fraction: number): void;
  /** Aborted when the runner stops or the job was taken over (its lease lost). */
  signal: AbortSignal;
}

/** A failure whose message (German) the file manager shows as it is. */
export class JobError extends Error {
  constructor(
    message: string,
    /** false: retrying cannot help (the file is not a video), failed at once. */
    readonly retry = true,
  ) {
    super(message);
    this.name = 'JobError';
  }
}

export type JobHandler = (
  job: JobRow,
  context: JobContext,
) => Promise<Record<string, unknown> | undefined>;

export interface JobKind {
  /** Jobs of one lane run one after another; lanes run side by side (HLS does not hold up ZIPs). */
  lane: 'quick' | 'media';
  handler: JobHandler;
}

export interface JobRunnerSettings {
  /** A job's lease: renewed every third of it while it runs; a dead runner's job is taken again after it. */
  leaseSeconds: number;
  /** How often an idle lane looks for due jobs (a job added in this process wakes it at once). */
  pollMilliseconds: number;
  /** Wait before the n-th retry: base * 4^(n-1), at most 10 minutes. */
  backoffSeconds: number;
  /** Generic German message for failures that are not JobErrors. */
  failedMessage: string;
}

export const DEFAULT_RUNNER_SETTINGS: Omit<JobRunnerSettings, 'failedMessage'> = {
  leaseSeconds: 30,
  pollMilliseconds: 1000,
  backoffSeconds: 10,
};

const sleep = (milliseconds: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, milliseconds);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * The queue's front (enqueue, wait) and its runner: one loop per lane claims due jobs from the
 * jobs table and runs their handlers, renewing the lease while they work. Several instances
 * may run runners against one database; a killed one's jobs are taken again when their lease
 * runs out, and each take counts as an attempt.
 */
export class JobRunner {
  readonly worker = `${os.hostname()}:${String(process.pid)}:${randomBytes(3).toString('hex')}`;
  private readonly stopping = new AbortController();
  private readonly wakers = new Map<string, () => void>();
  private readonly loops: Promise<void>[] = [];
  private readonly running = new Map<number, AbortController>();
  private readonly kinds: Record<string, JobKind> = {};
  private started = false;

  constructor(
    private readonly repository: JobsRepository,
    private readonly settings: JobRunnerSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Adds the handlers of some kinds of jobs (before start). */
  register(kinds: Readonly<Record<string, JobKind>>): void {
    Object.assign(this.kinds, kinds);
  }

  /** Adds a job (or finds the same waiting one) and wakes this process's lane for it. */
  async enqueue(job: NewJob): Promise<JobRow> {
    const row = await this.repository.enqueue(job);
    this.wakers.get(this.kinds[job.kind]?.lane ?? '')?.();
    return row;
  }

  /** The job once it ended (done or failed), or as it is after `timeoutMs`. */
  async waitFor(id: number, timeoutMs: number): Promise<JobRow | undefined> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const job = await this.repository.get(id);
      if (!job || job.state === 'done' || job.state === 'failed' || Date.now() >= until) {
        return job;
      }
      await sleep(Math.min(100, this.settings.pollMilliseconds), this.stopping.signal);
      if (this.stopping.signal.aborted) {
        return this.repository.get(id);
      }
    }
  }

  start(): void {
    if (this.started) {
      return;
    }
    this.started = true;
    const lanes = new Set(Object.values(this.kinds).map((kind) => kind.lane));
    for (const lane of lanes) {
      const kinds = Object.entries(this.kinds)
        .filter(([, kind]) => kind.lane === lane)
        .map(([name]) => name);
      this.loops.push(this.loop(lane, kinds));
    }
  }

  /** Stops taking jobs, aborts the running ones and gives them back to the queue. */
  async stop(): Promise<void> {
    this.stopping.abort();
    for (const controller of this.running.values()) {
      controller.abort();
    }
    await Promise.all(this.loops);
  }

  private get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  private async loop(lane: string, kinds: readonly string[]): Promise<void> {
    while (!this.stopping.signal.aborted) {
      let job: JobRow | undefined;
      try {
        job = await this.repository.claim(kinds, this.worker, this.settings.leaseSeconds);
      } catch (error) {
        // The database went away while stopping (closed after the app): not an error then.
        if (!this.stopped) {
          this.log.error({ err: error, lane }, 'Jobs could not be claimed');
        }
      }
      if (job) {
        await this.run(job);
        continue;
      }
      const woken = new AbortController();
      const stop = () => {
        woken.abort();
      };
      this.stopping.signal.addEventListener('abort', stop, { once: true });
      this.wakers.set(lane, stop);
      await sleep(this.settings.pollMilliseconds, woken.signal);
      this.stopping.signal.removeEventListener('abort', stop);
      if (this.wakers.get(lane) === stop) {
        this.wakers.delete(lane);
      }
    }
  }

  private async run(job: JobRow): Promise<void> {
    const kind = this.kinds[job.kind];
    const controller = new AbortController();
    this.running.set(job.id, controller);
    const lease = this.settings.leaseSeconds;
    let reported: number | undefined;
    let lastWrite = 0;
    const beat = async (progress?: number) => {
      const still = await this.repository
        .heartbeat(job.id, this.worker, lease, progress)
        .catch(() => true);
      if (!still) {
        // Another runner took it over (this one was stalled past its lease).
        controller.abort();
      }
    };
    const timer = setInterval(() => void beat(reported), (lease * 1000) / 3);
    const context: JobContext = {
      progress: (fraction) => {
        reported = Math.max(0, Math.min(1, fraction));
        if (Date.now() - lastWrite > 500) {
          lastWrite = Date.now();
          void beat(reported);
        }
      },
      signal: controller.signal,
    };
    try {
      if (!kind) {
        throw new JobError(this.settings.failedMessage, false);
      }
      if (job.attempts > job.max_attempts) {
        // Taken again after its runner died each time: it may be what kills them.
        throw new JobError(this.settings.failedMessage, false);
      }
      const result = await kind.handler(job, context);
      await this.repository.complete(job.id, this.worker, result ?? {});
    } catch (error) {
      if (this.stopping.signal.aborted) {
        await this.repository.release(job.id, this.worker).catch(() => undefined);
      } else {
        await this.failed(job, error);
      }
    } finally {
      clearInterval(timer);
      this.running.delete(job.id);
    }
  }

  private async failed(job: JobRow, error: unknown): Promise<void> {
    const known = error instanceof JobError;
    const message = known ? error.message : this.settings.failedMessage;
    const retry = (!known || error.retry) && job.attempts < job.max_attempts;
    this.log.warn({ err: error, job: job.id, kind: job.kind, attempt: job.attempts }, 'Job failed');
    const wait = Math.min(600, this.settings.backoffSeconds * 4 ** (job.attempts - 1));
    await this.repository
      .fail(job.id, this.worker, message, retry ? wait : undefined)
      .catch((failure: unknown) => {
        this.log.error({ err: failure, job: job.id }, 'Job failure could not be recorded');
      });
  }
}

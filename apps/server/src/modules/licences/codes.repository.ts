import type { CodeBatch, LicenceRights } from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { today } from './licence-sql.ts';
import type { StoredScope } from './licences.repository.ts';

export interface NewCodeBatch {
  pool: string;
  label: string;
  scopes: StoredScope[];
  validFrom: string | null;
  validUntil: string | null;
  rights: LicenceRights;
  uses: number | null;
  createdBy: number;
  codeHashes: string[];
}

/** A code as redeeming finds it, with its batch's terms. */
export interface CodeFacts {
  id: number;
  batch_id: number;
  pool: string;
  label: string;
  redeemed_by: number | null;
  revoked: boolean;
  expired: boolean;
  /** node-postgres answers bigint arrays as strings, PGlite as numbers. */
  media_ids: (number | string)[] | null;
  whole_pool: boolean;
  mediathek_id: number | null;
  valid_from: string | null;
  valid_until: string | null;
  rights: LicenceRights;
  uses: number | null;
}

interface BatchRow {
  id: number;
  label: string;
  media_ids: number[] | null;
  whole_pool: boolean;
  mediathek_id: number | null;
  mediathek_name: string | null;
  first_title: string | null;
  first_identifier: string | null;
  producer: string;
  pool: string;
  valid_from: string | null;
  valid_until: string | null;
  rights: LicenceRights;
  uses: number | null;
  created_at: Date | string;
  codes: { id: number; number: number; redeemed_at: string | null; revoked: boolean }[];
}

function toBatch(row: BatchRow): CodeBatch {
  const expired =
    row.valid_until !== null && row.valid_until < new Date().toISOString().slice(0, 10);
  const mediaCount = row.media_ids?.length ?? 0;
  const label = row.whole_pool
    ? `Alle Medien von ${row.producer}`
    : row.mediathek_id !== null
      ? `Mediathek „${row.mediathek_name ?? ''}“`
      : mediaCount > 1
        ? `${row.first_title ?? ''} und ${String(mediaCount - 1)} weitere`
        : (row.first_title ?? '');
  return {
    id: row.id,
    label: row.label,
    scope: {
      kind: row.whole_pool ? 'pool' : row.mediathek_id !== null ? 'mediathek' : 'media',
      label,
      identifier: row.first_identifier,
      pool: row.pool,
      producer: row.producer,
    },
    valid_from: row.valid_from,
    valid_until: row.valid_until,
    rights: row.rights,
    uses: row.uses,
    created_at: new Date(row.created_at).toISOString(),
    codes: row.codes.map((code) => ({
      id: code.id,
      number: code.number,
      state: code.redeemed_at
        ? 'redeemed'
        : code.revoked
          ? 'revoked'
          : expired
            ? 'expired'
            : 'open',
      redeemed_at: code.redeemed_at,
    })),
  };
}

/** Code batches and their codes (stored as SHA-256 only). */
export class CodesRepository {
  constructor(private readonly db: Database) {}

  async createBatch(batch: NewCodeBatch): Promise<number> {
    const mediaIds = batch.scopes.flatMap((scope) => ('mediaId' in scope ? [scope.mediaId] : []));
    const mediathek = batch.scopes.find((scope) => 'mediathekId' in scope);
    const wholePool = batch.scopes.some((scope) => 'pool' in scope);
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO code_batches (pool, label, media_ids, whole_pool, mediathek_id, valid_from,
              valid_until, rights, uses, created_by)
            VALUES (${batch.pool}, ${batch.label},
              ${
                mediaIds.length > 0
                  ? sql`ARRAY[${sql.join(
                      mediaIds.map((id) => sql`${id}`),
                      sql`, `,
                    )}]::bigint[]`
                  : null
              },
              ${wholePool}, ${mediathek && 'mediathekId' in mediathek ? mediathek.mediathekId : null},
              ${batch.validFrom}::date, ${batch.validUntil}::date, ${batch.rights}, ${batch.uses},
              ${batch.createdBy})
            RETURNING id`,
      );
      if (!row) {
        throw new Error('The code batch was not stored');
      }
      const values = batch.codeHashes.map((hash, index) => sql`(${row.id}, ${index + 1}, ${hash})`);
      await db.execute(
        sql`INSERT INTO codes (batch_id, number, code_hash) VALUES ${sql.join(values, sql`, `)}`,
      );
      return row.id;
    });
  }

  async batches(pool: string, batchId?: number): Promise<CodeBatch[]> {
    const rows = await queryRows<BatchRow>(
      this.db,
      sql`SELECT b.id, b.label, b.media_ids, b.whole_pool, b.mediathek_id, mt.name AS mediathek_name,
            fm.fn_titel AS first_title, fm.identifier AS first_identifier, b.pool,
            coalesce(po.name, (SELECT min(pm.fn_prodname) FROM media pm
                               WHERE pm.pool = b.pool AND pm.fn_prodname <> ''), b.pool) AS producer,
            b.valid_from::text AS valid_from, b.valid_until::text AS valid_until, b.rights, b.uses,
            b.created_at,
            (SELECT coalesce(json_agg(json_build_object('id', c.id, 'number', c.number,
                      'redeemed_at', c.redeemed_at, 'revoked', c.revoked_at IS NOT NULL)
                    ORDER BY c.number), '[]')
             FROM codes c WHERE c.batch_id = b.id) AS codes
          FROM code_batches b
          LEFT JOIN mediatheken mt ON mt.id = b.mediathek_id
          LEFT JOIN media fm ON fm.id = b.media_ids[1]
          LEFT JOIN organisations po ON po.kind = 'producer' AND po.pool = b.pool
          WHERE b.pool = ${pool} ${batchId === undefined ? sql`` : sql`AND b.id = ${batchId}`}
          ORDER BY b.created_at DESC, b.id DESC
          LIMIT 200`,
    );
    return rows.map(toBatch);
  }

  async findByHash(hash: string): Promise<CodeFacts | undefined> {
    const [row] = await queryRows<CodeFacts>(
      this.db,
      sql`SELECT c.id, c.batch_id, b.pool, b.label, c.redeemed_by, c.revoked_at IS NOT NULL AS revoked,
            (b.valid_until IS NOT NULL AND b.valid_until < ${today}) AS expired,
            b.media_ids, b.whole_pool, b.mediathek_id, b.valid_from::text AS valid_from,
            b.valid_until::text AS valid_until, b.rights, b.uses
          FROM codes c JOIN code_batches b ON b.id = c.batch_id
          WHERE c.code_hash = ${hash}`,
    );
    return row;
  }

  /** The code's pool, for the access policy (undefined when there is no such code). */
  async poolOfCode(codeId: number): Promise<string | undefined> {
    const [row] = await queryRows<{ pool: string }>(
      this.db,
      sql`SELECT b.pool FROM codes c JOIN code_batches b ON b.id = c.batch_id WHERE c.id = ${codeId}`,
    );
    return row?.pool;
  }

  /**
   * Marks the code redeemed by the user, if nobody redeemed it and it was not revoked
   * meanwhile (one statement: of two users at once, one wins); then `grant` runs in the same
   * transaction. False when the code was taken.
   */
  async redeem(
    codeId: number,
    userId: number,
    grant: (db: Database) => Promise<void>,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const taken = await queryRows<{ id: number }>(
        db,
        sql`UPDATE codes SET redeemed_by = ${userId}, redeemed_at = now()
            WHERE id = ${codeId} AND redeemed_by IS NULL AND revoked_at IS NULL RETURNING id`,
      );
      if (taken.length === 0) {
        return false;
      }
      await grant(db);
      return true;
    });
  }

  /** Revokes the code if not redeemed; false when it was. */
  async revoke(codeId: number): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`UPDATE codes SET revoked_at = coalesce(revoked_at, now())
          WHERE id = ${codeId} AND redeemed_by IS NULL RETURNING id`,
    );
    return rows.length > 0;
  }
}

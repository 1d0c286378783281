import type { NewMediumRecord } from '@medienkatalog/domain';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import type { MediumRow } from '../catalogue/catalogue.repository.ts';
import { deriveColumns } from '../catalogue/media-record.ts';

/** A medium of a producer's pool, with every field the producer edits. */
export type ProducerMediumRow = Omit<MediumRow, 'id' | 'stars' | 'starred'> & {
  fn_bemerk: string;
  fn_status: 'draft' | 'published' | 'archived';
  teaser_image: string | null;
};

const columns = sql.raw(
  'identifier, pool, fn_nr, fn_titel, fn_utitel, fn_paratitel, fn_text, fn_kurztext, ' +
    'fn_langtext, fn_adressat, fn_schlag, fn_typ, fn_prodjahr, fn_sprache, fn_laenge, ' +
    'fn_sertitel, fn_geb, fn_produ, fn_prodname, fn_herausgeber, fn_autor, fn_bemerk, fn_url, ' +
    'fn_beigaben, fn_status, fn_aenderung, teaser_image',
);

export type WritableMedium = NewMediumRecord & { teaser_image: string | null };

/** The columns of a write: the fields, the derived search columns and the change time. */
function writeValues(medium: WritableMedium): Record<string, unknown> {
  const { stars, views, fn_aenderung, ...fields } = medium;
  return { ...fields, ...deriveColumns(medium) };
}

export class ProducerRepository {
  constructor(private readonly db: Database) {}

  /**
   * A page of the pool's media, last changed first, read along media_pool_changed_idx (no sort
   * of the whole pool per page); the total is a count of the same index.
   */
  async list(pool: string, page: { offset: number; limit: number }) {
    const rows = await queryRows<ProducerMediumRow>(
      this.db,
      sql`SELECT ${columns} FROM media
          WHERE pool = ${pool}
          ORDER BY pool DESC, fn_aenderung DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
    );
    const [count] = await queryRows<{ total: number }>(
      this.db,
      sql`SELECT count(*)::int AS total FROM media WHERE pool = ${pool}`,
    );
    return { rows, total: count?.total ?? 0 };
  }

  /** A medium by its database id; `lock` holds it until the transaction ends. */
  async find(id: number, lock = false): Promise<ProducerMediumRow | undefined> {
    const [row] = await queryRows<ProducerMediumRow>(
      this.db,
      sql`SELECT ${columns} FROM media WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
    );
    return row;
  }

  /** The producer name the pool's media carry (for new media). */
  async poolName(pool: string): Promise<string | undefined> {
    const [row] = await queryRows<{ fn_prodname: string }>(
      this.db,
      sql`SELECT fn_prodname FROM media WHERE pool = ${pool} AND fn_prodname <> '' LIMIT 1`,
    );
    return row?.fn_prodname;
  }

  /** Inserts a medium; undefined when its identifier is taken. */
  async insert(medium: WritableMedium): Promise<ProducerMediumRow | undefined> {
    const values = writeValues(medium);
    const names = Object.keys(values);
    const [row] = await queryRows<ProducerMediumRow>(
      this.db,
      sql`INSERT INTO media (${sql.raw(names.join(', '))}, fn_aenderung)
          VALUES (${sql.join(
            names.map((name) => valueOf(values, name)),
            sql`, `,
          )}, date_trunc('milliseconds', clock_timestamp()))
          ON CONFLICT DO NOTHING
          RETURNING ${columns}`,
    );
    return row;
  }

  /** Writes a medium over the one with `id`; undefined when the new identifier is taken. */
  async update(id: number, medium: WritableMedium): Promise<ProducerMediumRow | undefined> {
    const values = writeValues(medium);
    const assignments = Object.keys(values).map(
      (name) => sql`${sql.raw(name)} = ${valueOf(values, name)}`,
    );
    try {
      const [row] = await queryRows<ProducerMediumRow>(
        this.db,
        sql`UPDATE media SET ${sql.join(assignments, sql`, `)}, fn_aenderung = date_trunc('milliseconds', clock_timestamp())
            WHERE id = ${id}
            RETURNING ${columns}`,
      );
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) {
        return undefined;
      }
      throw error;
    }
  }

  /** Deletes media by their database ids; answers the ids of those deleted. */
  async delete(ids: readonly number[]): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`DELETE FROM media WHERE id IN ${ids} RETURNING id`,
    );
    return rows.map((row) => row.id);
  }

  /** Runs `work` in one transaction: all of it or nothing. */
  async transaction<T>(work: (repository: ProducerRepository) => Promise<T>): Promise<T> {
    // A transaction offers the same query interface as the database it runs on.
    return this.db.transaction((tx) => work(new ProducerRepository(tx as unknown as Database)));
  }
}

/** Arrays as text[] literals, everything else as a parameter. */
function valueOf(values: Record<string, unknown>, name: string): SQL {
  const value = values[name];
  if (Array.isArray(value)) {
    return sql`ARRAY[${sql.join(
      value.map((item) => sql`${String(item)}`),
      sql`, `,
    )}]::text[]`;
  }
  return sql`${value}`;
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } } | undefined)?.code ??
    (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return code === '23505';
}

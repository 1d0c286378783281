import type { Mediathek } from '@medienkatalog/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';

export interface MediathekFacts {
  id: number;
  pool: string;
  name: string;
  path: string;
  description: string;
}

/** Mediatheken and their media. */
export class MediathekenRepository {
  constructor(private readonly db: Database) {}

  async list(pool: string): Promise<Mediathek[]> {
    return queryRows<Mediathek>(
      this.db,
      sql`SELECT mt.id, mt.name, mt.path, mt.description,
            coalesce(array_agg(m.identifier ORDER BY m.identifier)
                     FILTER (WHERE m.id IS NOT NULL), '{}') AS identifiers
          FROM mediatheken mt
          LEFT JOIN mediathek_media mm ON mm.mediathek_id = mt.id
          LEFT JOIN media m ON m.id = mm.media_id
          WHERE mt.pool = ${pool}
          GROUP BY mt.id ORDER BY mt.name`,
    );
  }

  async find(id: number): Promise<MediathekFacts | undefined> {
    const [row] = await queryRows<MediathekFacts>(
      this.db,
      sql`SELECT id, pool, name, path, description FROM mediatheken WHERE id = ${id}`,
    );
    return row;
  }

  async findByPath(path: string): Promise<MediathekFacts | undefined> {
    const [row] = await queryRows<MediathekFacts>(
      this.db,
      sql`SELECT id, pool, name, path, description FROM mediatheken WHERE path = ${path}`,
    );
    return row;
  }

  /** Creates or (with `id`) replaces a Mediathek and its media; undefined when the path is taken. */
  async save(
    pool: string,
    mediathek: { id?: number; name: string; path: string; description: string },
    mediaIds: readonly number[],
  ): Promise<number | undefined> {
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const taken = await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM mediatheken WHERE path = ${mediathek.path} AND id <> ${mediathek.id ?? 0}`,
      );
      if (taken.length > 0) {
        return undefined;
      }
      const [row] =
        mediathek.id === undefined
          ? await queryRows<{ id: number }>(
              db,
              sql`INSERT INTO mediatheken (pool, name, path, description)
                  VALUES (${pool}, ${mediathek.name}, ${mediathek.path}, ${mediathek.description})
                  RETURNING id`,
            )
          : await queryRows<{ id: number }>(
              db,
              sql`UPDATE mediatheken SET name = ${mediathek.name}, path = ${mediathek.path},
                    description = ${mediathek.description}
                  WHERE id = ${mediathek.id} RETURNING id`,
            );
      if (!row) {
        return undefined;
      }
      await db.execute(sql`DELETE FROM mediathek_media WHERE mediathek_id = ${row.id}`);
      if (mediaIds.length > 0) {
        await db.execute(
          sql`INSERT INTO mediathek_media (mediathek_id, media_id)
              SELECT ${row.id}, unnest(${sql`ARRAY[${sql.join(
                mediaIds.map((id) => sql`${id}`),
                sql`, `,
              )}]::bigint[]`})`,
        );
      }
      return row.id;
    });
  }

  async delete(id: number): Promise<void> {
    await this.db.execute(sql`DELETE FROM mediatheken WHERE id = ${id}`);
  }
}

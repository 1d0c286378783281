import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';

export class PreviewRepository {
  constructor(private readonly db: Database) {}

  /** The producers with published media licensed to a context, with their names. */
  async licensedProducers(context: string) {
    return queryRows<{ pool: string; name: string; media: number }>(
      this.db,
      sql`SELECT m.pool, min(m.fn_prodname) AS name, count(*)::int AS media
          FROM licences l JOIN media m ON m.id = l.media_id
          WHERE l.context_path = ${context} AND m.fn_status = 'published'
          GROUP BY m.pool ORDER BY min(m.fn_prodname)`,
    );
  }
}

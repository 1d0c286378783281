import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { inForce } from '../licences/licence-sql.ts';

export class PreviewRepository {
  constructor(private readonly db: Database) {}

  /** The producers whose pools a licence of the context grants (in part), with their names. */
  async licensedProducers(context: string) {
    return queryRows<{ pool: string; name: string }>(
      this.db,
      sql`SELECT l.grantor_pool AS pool,
            coalesce((SELECT min(m.fn_prodname) FROM media m
                      WHERE m.pool = l.grantor_pool AND m.fn_prodname <> ''), l.grantor_pool) AS name
          FROM licences l JOIN organisations o ON o.id = l.licensee_organisation_id
          LEFT JOIN licences p ON p.id = l.parent_id
          WHERE o.context_path = ${context} AND ${inForce('l', 'p')}
          GROUP BY l.grantor_pool ORDER BY name`,
    );
  }
}

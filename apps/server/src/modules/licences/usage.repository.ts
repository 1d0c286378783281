import type { UsageRow } from '@medienkatalog/domain';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';

export interface UsageFilter {
  /** First and last month, 'YYYY-MM'. */
  from: string;
  to: string;
  schoolId?: number | undefined;
  /** Part of a title or identifier. */
  medium?: string | undefined;
}

/** Rows one history shows at most (a district's year has far fewer). */
const HISTORY_LIMIT = 10_000;

/** What the schools of a media centre used: views, plays and downloads per month. */
export class UsageRepository {
  constructor(private readonly db: Database) {}

  async history(mediaCentreId: number, filter: UsageFilter): Promise<UsageRow[]> {
    const from = sql`to_date(${filter.from}, 'YYYY-MM')`;
    const to = sql`(to_date(${filter.to}, 'YYYY-MM') + interval '1 month')::date`;
    const conditions: SQL[] = [sql`true`];
    if (filter.schoolId !== undefined) {
      conditions.push(sql`s.id = ${filter.schoolId}`);
    }
    if (filter.medium) {
      const pattern = `%${filter.medium.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(
        sql`(lower(m.fn_titel) LIKE ${pattern} OR lower(m.identifier) LIKE ${pattern})`,
      );
    }
    return queryRows<UsageRow>(
      this.db,
      sql`WITH schools AS (
            SELECT id, name, school_number FROM organisations
            WHERE kind = 'school' AND media_centre_id = ${mediaCentreId}),
          used AS (
            SELECT date_trunc('month', v.day)::date AS month, u.organisation_id AS school,
                   v.media_id, 1 AS views, 0 AS plays, 0 AS downloads
            FROM views v JOIN users u ON u.id = v.user_id
            WHERE u.organisation_id IN (SELECT id FROM schools) AND v.day >= ${from} AND v.day < ${to}
            UNION ALL
            SELECT date_trunc('month', x.day)::date, x.organisation_id, x.media_id, 0,
                   (x.kind = 'play')::int, (x.kind = 'download')::int
            FROM media_uses x
            WHERE x.organisation_id IN (SELECT id FROM schools) AND x.day >= ${from} AND x.day < ${to})
          SELECT to_char(used.month, 'YYYY-MM') AS month, s.name AS school, s.school_number,
                 m.identifier, m.fn_titel AS title, sum(used.views)::int AS views,
                 sum(used.plays)::int AS plays, sum(used.downloads)::int AS downloads
          FROM used JOIN schools s ON s.id = used.school JOIN media m ON m.id = used.media_id
          WHERE ${sql.join(conditions, sql` AND `)}
          GROUP BY used.month, s.id, s.name, s.school_number, m.id, m.identifier, m.fn_titel
          ORDER BY used.month DESC, s.name, m.fn_titel
          LIMIT ${HISTORY_LIMIT}`,
    );
  }
}

import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { cardColumns, type CardRow, type Page } from '../catalogue/catalogue.repository.ts';

type ListRow = CardRow & { total: number };

/** Days that count for the trending list. */
export const TRENDING_DAYS = 30;
/** A star counts as much as this many views for the trending list. */
const STAR_WEIGHT = 3;

export class LibraryRepository {
  constructor(private readonly db: Database) {}

  /** Stars a medium (once per user). */
  async star(userId: number, mediumId: number): Promise<void> {
    await this.db.execute(
      sql`WITH added AS (
            INSERT INTO stars (user_id, media_id) VALUES (${userId}, ${mediumId})
            ON CONFLICT DO NOTHING RETURNING media_id)
          UPDATE media SET stars = stars + 1 WHERE id IN (SELECT media_id FROM added)`,
    );
  }

  /** Removes a user's star of a medium, if there is one. */
  async unstar(userId: number, mediumId: number): Promise<void> {
    await this.db.execute(
      sql`WITH removed AS (
            DELETE FROM stars WHERE user_id = ${userId} AND media_id = ${mediumId}
            RETURNING media_id)
          UPDATE media SET stars = greatest(stars - 1, 0)
          WHERE id IN (SELECT media_id FROM removed)`,
    );
  }

  /**
   * Counts an opening of a medium by a signed-in user, once per user, medium and day (the
   * unique index on views decides, whichever instance writes); media.views counts the rows. An
   * anonymous opening counts nowhere.
   */
  async recordView(userId: number | undefined, mediumId: number): Promise<void> {
    if (userId === undefined) {
      return;
    }
    await this.db.execute(
      sql`WITH viewed AS (
            INSERT INTO views (user_id, media_id) VALUES (${userId}, ${mediumId})
            ON CONFLICT DO NOTHING RETURNING media_id)
          UPDATE media SET views = views + 1 WHERE id IN (SELECT media_id FROM viewed)`,
    );
  }

  /** The user's starred published media, the latest star first. */
  async wishlist(userId: number, page: Page) {
    return this.list(
      sql`SELECT ${cardColumns}, true AS starred, count(*) OVER ()::int AS total
          FROM stars s JOIN media m ON m.id = s.media_id
          WHERE s.user_id = ${userId} AND m.fn_status = 'published'
          ORDER BY s.created_at DESC, m.id DESC
          LIMIT ${page.limit} OFFSET ${page.offset}`,
    );
  }

  /** Published media shared with a class, the latest share first. */
  async classLibrary(userId: number, klassenId: string, page: Page) {
    return this.list(
      sql`SELECT ${cardColumns},
                 EXISTS (SELECT 1 FROM stars s WHERE s.user_id = ${userId} AND s.media_id = m.id) AS starred,
                 count(*) OVER ()::int AS total
          FROM class_shares c JOIN media m ON m.id = c.media_id
          WHERE c.klassen_id = ${klassenId} AND m.fn_status = 'published'
          ORDER BY c.created_at DESC, m.id DESC
          LIMIT ${page.limit} OFFSET ${page.offset}`,
    );
  }

  /** Shares published media with a class (once each). */
  async shareWithClass(userId: number, klassenId: string, identifiers: readonly string[]) {
    if (identifiers.length === 0) {
      return;
    }
    await this.db.execute(
      sql`INSERT INTO class_shares (klassen_id, media_id, shared_by)
          SELECT ${klassenId}, id, ${userId} FROM media
          WHERE identifier IN ${identifiers} AND fn_status = 'published'
          ON CONFLICT DO NOTHING`,
    );
  }

  /** Published media by stars and views of all users in the last TRENDING_DAYS days. */
  async trending(userId: number, page: Page) {
    return this.list(
      sql`WITH activity AS (
            SELECT media_id, ${STAR_WEIGHT} * count(*) AS score FROM stars
            WHERE created_at > now() - make_interval(days => ${TRENDING_DAYS}) GROUP BY media_id
            UNION ALL
            SELECT media_id, count(*) FROM views
            WHERE viewed_at > now() - make_interval(days => ${TRENDING_DAYS}) GROUP BY media_id),
          scores AS (SELECT media_id, sum(score) AS score FROM activity GROUP BY media_id)
          SELECT ${cardColumns},
                 EXISTS (SELECT 1 FROM stars s WHERE s.user_id = ${userId} AND s.media_id = m.id) AS starred,
                 count(*) OVER ()::int AS total
          FROM scores JOIN media m ON m.id = scores.media_id
          WHERE m.fn_status = 'published'
          ORDER BY scores.score DESC, m.id DESC
          LIMIT ${page.limit} OFFSET ${page.offset}`,
    );
  }

  private async list(query: SQL): Promise<{ rows: CardRow[]; total: number | undefined }> {
    const rows = await queryRows<ListRow>(this.db, query);
    return { rows, total: rows[0]?.total };
  }
}

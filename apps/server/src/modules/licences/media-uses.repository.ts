import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { today } from './licence-sql.ts';

/** One play or download of a medium by a user, and the licence that granted it (if any). */
export interface MediaUse {
  userId: number;
  organisationId: number | null;
  mediumId: number;
  kind: 'play' | 'download';
  /** The licence that granted the use; undefined for own and open media. */
  licenceId?: number | undefined;
  /** The licence whose remaining uses it counts against; undefined when unlimited. */
  countedLicenceId?: number | undefined;
}

/** Plays and downloads: what uses a licence's uses, and the history of the media centres. */
export class MediaUsesRepository {
  constructor(private readonly db: Database) {}

  /**
   * Records a use. The first use of a medium by a user on a day costs one of the counted
   * licence's remaining uses (the licence row is locked meanwhile, so concurrent calls cannot
   * both spend the last one); false when none is left, and nothing is recorded then.
   */
  async record(use: MediaUse): Promise<boolean> {
    if (use.countedLicenceId === undefined) {
      // Unlimited: one statement, no transaction around it.
      await this.insert(this.db, use);
      return true;
    }
    const counted = use.countedLicenceId;
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      await db.execute(sql`SELECT id FROM licences WHERE id = ${counted} FOR UPDATE`);
      const [used] = await queryRows<{ used: boolean }>(
        db,
        sql`SELECT EXISTS (SELECT 1 FROM media_uses WHERE user_id = ${use.userId}
              AND media_id = ${use.mediumId} AND day = ${today}) AS used`,
      );
      if (!used?.used) {
        const spent = await queryRows<{ id: number }>(
          db,
          sql`UPDATE licences SET remaining = remaining - 1
              WHERE id = ${counted} AND remaining > 0 RETURNING id`,
        );
        if (spent.length === 0) {
          return false;
        }
      }
      await this.insert(db, use);
      return true;
    });
  }

  /** The use itself: once per user, medium, kind and day. */
  private async insert(db: Database, use: MediaUse): Promise<void> {
    await db.execute(
      sql`INSERT INTO media_uses (user_id, media_id, kind, day, organisation_id, licence_id)
          VALUES (${use.userId}, ${use.mediumId}, ${use.kind}, ${today},
                  ${use.organisationId}, ${use.licenceId ?? null})
          ON CONFLICT DO NOTHING`,
    );
  }
}

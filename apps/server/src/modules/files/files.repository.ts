import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';

export interface DirlistRow {
  fn_index: string | null;
  fn_zip: string | null;
  fn_size: number | null;
  fn_ziphash: string | null;
}

export class FilesRepository {
  constructor(private readonly db: Database) {}

  async dirlist(mediumId: number): Promise<DirlistRow | undefined> {
    const [row] = await queryRows<DirlistRow>(
      this.db,
      sql`SELECT fn_index, fn_zip, fn_size, fn_ziphash FROM dirlists WHERE media_id = ${mediumId}`,
    );
    return row;
  }

  async setIndex(mediumId: number, fnIndex: string | null): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO dirlists (media_id, fn_index) VALUES (${mediumId}, ${fnIndex})
          ON CONFLICT (media_id) DO UPDATE SET fn_index = EXCLUDED.fn_index, updated_at = now()`,
    );
  }

  async setZip(
    mediumId: number,
    zip: { fn_zip: string; fn_size: number; fn_ziphash: string },
  ): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO dirlists (media_id, fn_zip, fn_size, fn_ziphash)
          VALUES (${mediumId}, ${zip.fn_zip}, ${zip.fn_size}, ${zip.fn_ziphash})
          ON CONFLICT (media_id) DO UPDATE SET fn_zip = EXCLUDED.fn_zip,
            fn_size = EXCLUDED.fn_size, fn_ziphash = EXCLUDED.fn_ziphash, updated_at = now()`,
    );
  }

  /** Forgets the built ZIP (its file was removed). */
  async clearZip(mediumId: number): Promise<void> {
    await this.db.execute(
      sql`UPDATE dirlists SET fn_zip = NULL, fn_size = NULL, fn_ziphash = NULL, updated_at = now()
          WHERE media_id = ${mediumId}`,
    );
  }
}

import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import { afterMediaImport, importMedia } from '../modules/catalogue/media-import.ts';
import { demoCatalogue } from './demo-catalogue.ts';

/** Seeds the demo catalogue into an empty database; answers how many media it added. */
export async function seedDemoData(db: Database): Promise<number> {
  const [row] = await queryRows<{ present: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM media) AS present`,
  );
  if (row?.present) {
    return 0;
  }
  const added = await importMedia(db, demoCatalogue());
  await afterMediaImport(db);
  return added;
}

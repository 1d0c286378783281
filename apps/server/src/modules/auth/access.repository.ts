import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';

/** What the access policy needs to know of a medium, and what its callers use of it. */
export interface MediumFacts {
  id: number;
  /** Upper-case, as stored. */
  identifier: string;
  pool: string;
  fn_titel: string;
  fn_status: 'draft' | 'published' | 'archived';
}

const columns = sql.raw('id, identifier, pool, fn_titel, fn_status');

/** The facts behind the access policy's decisions. Identifiers match in any case. */
export class AccessRepository {
  constructor(private readonly db: Database) {}

  async mediumByIdentifier(identifier: string): Promise<MediumFacts | undefined> {
    const [row] = await queryRows<MediumFacts>(
      this.db,
      sql`SELECT ${columns} FROM media WHERE identifier = ${identifier.toUpperCase()}`,
    );
    return row;
  }

  /** The media of those identifiers (upper-case) that exist. */
  async mediaByIdentifiers(identifiers: readonly string[]): Promise<MediumFacts[]> {
    if (identifiers.length === 0) {
      return [];
    }
    return queryRows<MediumFacts>(
      this.db,
      sql`SELECT ${columns} FROM media WHERE identifier IN ${identifiers}`,
    );
  }
}

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryPrepared, queryRows } from '../src/db/client.ts';
import { importMedia } from '../src/modules/catalogue/media-import.ts';
import { mediumRecord } from './support/factories.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

const byIdentifiers = (identifiers: string[]) =>
  sql`SELECT fn_titel FROM media WHERE identifier = ANY(${sql.param(identifiers)}::text[])
      ORDER BY fn_titel`;

describe.each(databaseKinds)('queryPrepared (%s)', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await importMedia(database.db, [
      mediumRecord({ pool: 'prep', fn_nr: '1', fn_titel: 'Eins' }),
      mediumRecord({ pool: 'prep', fn_nr: '2', fn_titel: 'Zwei' }),
      mediumRecord({ pool: 'prep', fn_nr: '3', fn_titel: 'Drei' }),
    ]);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('answers what queryRows answers, for arrays of any length in one parameter', async () => {
    for (const identifiers of [['PREP-1'], ['PREP-1', 'PREP-3'], ['PREP-1', 'PREP-2', 'PREP-3']]) {
      expect(await queryPrepared(database.db, byIdentifiers(identifiers))).toEqual(
        await queryRows(database.db, byIdentifiers(identifiers)),
      );
    }
    expect(await queryPrepared(database.db, byIdentifiers([]))).toEqual([]);
  });

  it.runIf(kind === 'postgres')(
    'prepares the statement once per connection, under one name for one text',
    async () => {
      // One connection, so that the statement list below is the one the queries used.
      const single = await openDatabase({ kind: 'postgres', url: database.url ?? '', poolSize: 1 });
      try {
        await queryPrepared(single.db, byIdentifiers(['PREP-1']));
        await queryPrepared(single.db, byIdentifiers(['PREP-2', 'PREP-3']));
        const prepared = await queryRows<{ name: string; statement: string }>(
          single.db,
          sql`SELECT name, statement FROM pg_prepared_statements`,
        );
        expect(prepared).toHaveLength(1);
        expect(prepared[0]?.statement).toContain('identifier = ANY($1::text[])');
      } finally {
        await single.close();
      }
    },
  );
});

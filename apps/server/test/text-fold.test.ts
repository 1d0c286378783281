import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { demoCatalogue } from '../src/seed/demo-catalogue.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/test-database.ts';

/** mk_fold as migration 0000 made it: the reference its fast path must equal. */
const REFERENCE = sql.raw(`CREATE FUNCTION mk_fold_reference(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT
  RETURN regexp_replace(
    normalize(
      replace(replace(replace(replace(normalize(lower(value), NFC), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss'),
      NFD
    ),
    '[\\u0300-\\u036f]', '', 'g'
  )`);

/** Texts at the edges of the fast path: decomposed umlauts, accents, other scripts, symbols. */
const EDGES = [
  '',
  'Ökologie und Oekologie',
  'ÄÖÜ äöü ß ẞ',
  'A\u0308pfel und a\u0308',
  'Café, Crème brûlée, naïve, Señor, Ångström',
  'Łódź, Dvořák, İstanbul, ǅemal',
  'Ελληνικά και Ἀθῆναι',
  'Русский текст',
  'ﬁnden – „Zitat“ ‚so‘ «so» … • 20 °C § 3 € 5',
  'Tab\tNeue\nZeile \\ Backslash "Anführung"',
  'Emoji 🎬🦊 und ½ ² ™ Ⅻ',
  'e\u0301 und \u0301 allein',
];

describe.each(databaseKinds)('mk_fold with its fast path (%s)', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.execute(REFERENCE);
  });
  afterAll(async () => {
    await database.destroy();
  });

  const differences = async (texts: string[]) =>
    queryRows<{ value: string }>(
      database.db,
      sql`SELECT value FROM unnest(${sql.param(texts)}::text[]) AS value
          WHERE mk_fold(value) IS DISTINCT FROM mk_fold_reference(value)`,
    );

  it('folds every text of the demo catalogue as the full form does', async () => {
    const texts = [...demoCatalogue()].flatMap((medium) => Object.values(medium).map(String));
    expect(texts.length).toBeGreaterThan(5_000);
    expect(await differences(texts)).toEqual([]);
  });

  it('folds the edge cases as the full form does, each alone and inside German text', async () => {
    const texts = EDGES.flatMap((edge) => [edge, `Grundlagen der Größe: ${edge} – Übung`]);
    expect(await differences(texts)).toEqual([]);
    const [folded] = await queryRows<{ fast: string; full: string }>(
      database.db,
      sql`SELECT mk_fold('Größe – Übung') AS fast, mk_fold('Café Ökologie') AS full`,
    );
    expect(folded).toEqual({ fast: 'groesse – uebung', full: 'cafe oekologie' });
  });

  it('gives NULL for NULL, and the planner inlines it (no SQL-function call per medium)', async () => {
    expect(await differences([null as unknown as string])).toEqual([]);
    const plan = await queryRows<Record<string, string>>(
      database.db,
      sql`EXPLAIN (VERBOSE, COSTS OFF) SELECT mk_fold(fn_titel || ' ' || fn_utitel) FROM media`,
    );
    const output = plan.flatMap((line) => Object.values(line)).join('\n');
    expect(output).toContain('lower(');
    expect(output).not.toContain('mk_fold');
  });
});

import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { importMedia } from '../../apps/server/src/modules/catalogue/media-import.ts';
import { loadVocabulary } from './query-log-source.ts';
import { syntheticMedia } from './synthetic-media.ts';

/** About a third of the media loaded. */
const SAMPLE = 1_000;

/** The vocabulary of `count` synthetic media loaded into a new PGlite database in this order. */
async function vocabularyOfLoad(order: 'generated' | 'reversed', count: number) {
  const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
  try {
    await handle.migrate();
    const media = [...syntheticMedia(count, 3)];
    await importMedia(handle.db, order === 'generated' ? media : media.reverse());
    return await loadVocabulary(handle.db, SAMPLE);
  } finally {
    await handle.close();
  }
}

describe('the query log source', () => {
  it('samples the same media whatever their order in the table', async () => {
    const generated = await vocabularyOfLoad('generated', 3_000);
    const reversed = await vocabularyOfLoad('reversed', 3_000);
    // About a third of the published media, whose identifiers the log asks for.
    expect(generated.identifiers.length).toBeGreaterThan(700);
    expect(generated.identifiers.length).toBeLessThan(1_000);
    expect(reversed).toEqual(generated);
  });
});

import {
  ProducerMediumUpdateSchema,
  type ProducerMedium,
  type ProducerMediumUpdate,
} from '@medienkatalog/domain';
import pLimit from 'p-limit';
import { updateProducerMedium } from '../../../api/producer-media.ts';
import type { GridRow } from './columns.ts';

/** Rows saved at once (producer spec 7.1: in parallel, but not all 1000 at a time). */
export const SAVE_CONCURRENCY = 6;

export interface SaveOutcome {
  saved: { key: string; medium: ProducerMedium }[];
  failed: { key: string; title: string; message: string }[];
}

/** The update of a row: its fields and the change time the edit was based on. */
function toUpdate(row: GridRow): ProducerMediumUpdate {
  const update: Record<string, unknown> = {};
  for (const field of Object.keys(ProducerMediumUpdateSchema.shape)) {
    update[field] = row[field as keyof GridRow];
  }
  return update as ProducerMediumUpdate;
}

/** Sends every changed row (PUT), a few at a time, and collects each outcome. */
export async function saveRows(
  rows: readonly GridRow[],
  update = updateProducerMedium,
): Promise<SaveOutcome> {
  const limit = pLimit(SAVE_CONCURRENCY);
  const results = await Promise.allSettled(
    rows.map((row) => limit(() => update(row.identifier, toUpdate(row)))),
  );
  const outcome: SaveOutcome = { saved: [], failed: [] };
  results.forEach((result, index) => {
    const row = rows[index];
    if (!row) {
      return;
    }
    if (result.status === 'fulfilled') {
      outcome.saved.push({ key: row.key, medium: result.value });
    } else {
      const message =
        result.reason instanceof Error ? result.reason.message : String(result.reason);
      outcome.failed.push({ key: row.key, title: row.fn_titel, message });
    }
  });
  return outcome;
}

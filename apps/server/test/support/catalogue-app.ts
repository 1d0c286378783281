import type { NewMediumRecord } from '@medienkatalog/domain';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { afterMediaImport, importMedia } from '../../src/modules/catalogue/media-import.ts';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './test-database.ts';

export interface CatalogueTestContext {
  app: App;
  database: TestDatabase;
}

/**
 * Registers hooks that give the describe block a fresh database holding `records` and an app
 * on it; the returned object is filled in before the first test runs.
 */
export function useCatalogueApp(
  kind: DatabaseKind,
  records: readonly NewMediumRecord[],
): CatalogueTestContext {
  const context = {} as CatalogueTestContext;
  beforeAll(async () => {
    context.database = await createTestDatabase(kind);
    await importMedia(context.database.db, records);
    await afterMediaImport(context.database.db);
    context.app = await buildApp({ db: context.database.db });
  });
  afterAll(async () => {
    await context.app.close();
    await context.database.destroy();
  });
  return context;
}

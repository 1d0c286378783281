import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = import.meta.dirname;
const FILE_NAMES = 'check-file/filename-naming-convention';
const RESTRICTED_PATHS = 'import-x/no-restricted-paths';
const NODE_MODULES = 'import-x/no-nodejs-modules';

/**
 * A feature of its own for the index.ts exception (the rule only judges imports of files that
 * exist): features/lint-probe-…/index.ts and an internal file beside it, removed afterwards.
 */
const probeFeature = `lint-probe-${randomBytes(4).toString('hex')}`;
const probeFolder = path.join(root, 'apps/web/src/features', probeFeature);

let eslint: ESLint;

beforeAll(async () => {
  await mkdir(probeFolder);
  await writeFile(path.join(probeFolder, 'index.ts'), 'export const shared = 1;\n');
  await writeFile(path.join(probeFolder, 'probe-internal.ts'), 'export const internal = 1;\n');
  // The project's configuration; only without type information, which files that are not on
  // disk (the snippets below) cannot have. None of the rules checked here needs it.
  eslint = new ESLint({
    cwd: root,
    overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
  });
});
afterAll(async () => {
  await rm(probeFolder, { recursive: true, force: true });
});

/** The rules a snippet at `file` (relative to the repository) breaks. */
async function rulesBroken(file: string, code = 'export const probe = 1;\n'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

/** A module importing `specifier` (and using it, so nothing else complains). */
const importing = (specifier: string) =>
  `import * as imported from '${specifier}';\nexport const probe = imported;\n`;

describe('file names', () => {
  it.each([
    'apps/web/src/components/MediaCard.tsx',
    'apps/server/src/modules/auth/auth_routes.ts',
    'packages/domain/src/csv/csvExport.ts',
    'apps/server/test/Start.test.ts',
  ])('reports %s', async (file) => {
    expect(await rulesBroken(file)).toContain(FILE_NAMES);
  });

  it.each([
    'apps/server/src/modules/auth/auth.routes.ts',
    'apps/server/src/modules/catalogue/search-text.test.ts',
    'apps/web/src/components/media-card.tsx',
    'apps/web/src/i18n/i18next.d.ts',
  ])('accepts %s (kebab-case, with a role suffix)', async (file) => {
    expect(await rulesBroken(file)).not.toContain(FILE_NAMES);
  });
});

describe('packages/domain', () => {
  const domainFile = 'packages/domain/src/csv/probe.ts';

  it.each([
    '../../../../apps/server/src/config.ts',
    '@medienkatalog/server/src/config.ts',
    '../../../../apps/web/src/lib/paths.ts',
  ])('imports nothing of server or web: %s', async (specifier) => {
    expect(await rulesBroken(domainFile, importing(specifier))).toEqual([RESTRICTED_PATHS]);
  });

  it.each(['node:fs', 'fs', 'node:http', 'node:child_process'])(
    'imports no module of Node: %s',
    async (specifier) => {
      expect(await rulesBroken(domainFile, importing(specifier))).toEqual([NODE_MODULES]);
    },
  );

  it('imports itself and zod', async () => {
    expect(await rulesBroken(domainFile, importing('../messages/index.ts'))).toEqual([]);
    expect(await rulesBroken(domainFile, importing('zod'))).toEqual([]);
  });
});

describe('apps/web/src', () => {
  it.each([
    ['lib/probe.ts', '../features/search/search-url.ts'],
    ['components/probe.tsx', '../features/search/search-url.ts'],
    ['api/probe.ts', '../features/search/search-url.ts'],
    ['api/probe.ts', '../app/theme.ts'],
  ])('%s may not import %s', async (file, specifier) => {
    expect(await rulesBroken(`apps/web/src/${file}`, importing(specifier))).toEqual([
      RESTRICTED_PATHS,
    ]);
  });

  it.each([
    ['components/probe.tsx', '../api/user.ts'],
    ['components/probe.tsx', '../lib/paths.ts'],
    ['app/probe.ts', '../features/search/search-url.ts'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await rulesBroken(`apps/web/src/${file}`, importing(specifier))).toEqual([]);
  });

  it("keeps a feature out of another feature's internals", async () => {
    const file = 'apps/web/src/features/producer/probe.ts';
    expect(await rulesBroken(file, importing('../search/search-url.ts'))).toEqual([
      RESTRICTED_PATHS,
    ]);
    expect(await rulesBroken(file, importing(`../${probeFeature}/probe-internal.ts`))).toEqual([
      RESTRICTED_PATHS,
    ]);
    expect(
      await rulesBroken(
        'apps/web/src/features/producer/grid/probe.ts',
        importing('../../search/search-url.ts'),
      ),
    ).toEqual([RESTRICTED_PATHS]);
  });

  it("lets a feature use its own files and another feature's index.ts", async () => {
    const file = 'apps/web/src/features/producer/probe.ts';
    expect(await rulesBroken(file, importing('./grid/csv-export.ts'))).toEqual([]);
    expect(await rulesBroken(file, importing(`../${probeFeature}/index.ts`))).toEqual([]);
  });
});

import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Absolute paths, so the zones below hold whichever folder ESLint runs from. */
const root = (...parts) => path.join(import.meta.dirname, ...parts);
const web = (...parts) => root('apps/web/src', ...parts);
const webFeatures = readdirSync(web('features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The import directions of ARCHITECTURE.md (conventions 1 and 5): domain, then server or web;
 * inside web, lib and components never import features, api neither features nor app, and a
 * feature reaches another only through that feature's index.ts.
 */
const importZones = [
  {
    target: root('packages/domain'),
    from: [root('apps'), root('e2e'), root('bench')],
    message: 'packages/domain is shared by server and web and imports neither.',
  },
  {
    target: [web('lib'), web('components')],
    from: web('features'),
    message: 'lib and components are shared: move the piece here, or this code into the feature.',
  },
  {
    target: web('api'),
    from: [web('features'), web('app')],
    message: 'api holds the calls only; screens use it, not the other way round.',
  },
  ...webFeatures.map((feature) => ({
    target: web('features', feature),
    from: web('features', `!(${feature})`, '**'),
    except: [web('features', '*', 'index.ts')],
    message: `Another feature is reached only through its index.ts; shared pieces go to lib or components.`,
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      '**/playwright-report/**',
      '**/test-results/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Fastify plugins and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      // Leaving properties out of an object by destructuring them away is fine.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      eqeqeq: 'error',
      curly: 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile, 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      // media-card.tsx, search.routes.ts, search.service.test.ts: kebab-case before the role.
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'import-x/no-restricted-paths': ['error', { zones: importZones }],
    },
  },
  {
    // The domain is pure: no file system, network or process of Node.
    files: ['packages/domain/**/*.ts'],
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);

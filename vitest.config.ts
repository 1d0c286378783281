import { defineConfig } from 'vitest/config';

// One Vitest run at the root covers every workspace's unit and integration tests.
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'apps/server',
      'apps/web',
      'bench',
      // The conventions ESLint enforces (eslint.config.js), each shown to bite.
      { test: { name: 'lint', include: ['eslint.config.test.ts'], testTimeout: 60_000 } },
    ],
  },
});

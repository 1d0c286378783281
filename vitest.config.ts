import { defineConfig } from 'vitest/config';

// One Vitest run at the root covers every workspace's unit and integration tests.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
  },
});

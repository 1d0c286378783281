import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Generous: CI machines run these on two cores beside the other projects.
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});

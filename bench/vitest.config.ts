import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bench',
    include: ['src/**/*.test.ts'],
    // Building a whole query log takes about a second alone; CI runs it on two cores beside the
    // other projects.
    testTimeout: 60_000,
  },
});

import { defineConfig } from 'vitest/config';

/**
 * Four projects: `unit` (pure Node code), `web` (React under jsdom), `int` (needs a real
 * database; scripts/test.ts runs it once on SQLite and once on PostgreSQL) and `topology` (the
 * fault tests: server processes on services of their own, killed and restarted).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['apps/server/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.topology.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'int',
          include: ['apps/server/src/**/*.int.test.ts', 'packages/*/src/**/*.int.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'topology',
          include: ['apps/server/src/**/*.topology.test.ts'],
          environment: 'node',
          // The fault tests start their own services and server processes and time recoveries:
          // one file at a time, so two fleets never share the two cores.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});

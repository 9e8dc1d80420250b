import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.{ts,tsx}',
            'sync/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
            'supabase/functions/**/*.test.ts',
            'tests/support/**/*.test.ts',
          ],
          environment: 'node',
          // A few tests encode images for about a second on a quiet machine, four or five times
          // that on a busy one (seen: 5.0 s for server/storage/sniff.test.ts beside a stress run).
          testTimeout: 20_000,
          // Vitest's default is one worker fewer than the cores: one on this 2-core machine, half of it idle.
          maxWorkers: 2,
          globalSetup: ['tests/support/global-setup.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own backend; two cores, so two at a time.
          maxWorkers: 2,
          globalSetup: ['tests/support/global-setup.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

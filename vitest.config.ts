import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import type { InlineConfig } from 'vitest/node';

/**
 * One `vitest run` runs every kind of test; each project has its own environment:
 * unit (pure functions), integration (real HTTP against the local stack on DynamoDB Local and
 * the local SES inbox; `bulk`, its files that work at volume, on a stack of their own), infra (CDK assertions over the synthesized templates), web (components
 * in jsdom), e2e (the built site in Debian's headless Chromium) and e2e-day (a business day the
 * same way, on a stack of its own: it closes the day it ran in).
 */
/**
 * The integration files that write or call at volume: the capacity files seed tens of thousands of
 * items, the permission matrix calls every route as every role. None needs the live fan-out, and
 * DynamoDB Local's stream made everything after them dear: with 100,000 seeded movements in the
 * table's stream, every later write cost more and the staff group's alerts took 15 s instead of 2
 * (docs/decisions.md). So they are the `bulk` project, whose stack has no stream.
 */
const BULK_FILES = [
  'test/integration/admin/capacity.test.ts',
  'test/integration/admin/permissions.test.ts',
  'test/integration/transactions/capacity.test.ts',
  'test/integration/transactions/export-capacity.test.ts',
];

/** How the integration and bulk files run: against a local stack the global setup starts. */
const INTEGRATION_RUN: Pick<
  InlineConfig,
  'environment' | 'globalSetup' | 'isolate' | 'setupFiles' | 'testTimeout' | 'hookTimeout'
> = {
  environment: 'node',
  globalSetup: ['test/support/integration-setup.ts'],
  // One worker process for all files: its node_modules (the AWS SDK above all) load once instead
  // of once per file. The setup files still give each file fresh project modules and environment,
  // as isolation did.
  isolate: false,
  setupFiles: ['test/support/fresh-modules.ts', 'test/support/integration-env.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  // The @shared/…, @functions/…, @infra/… and @web/… imports, from tsconfig.json's `paths`.
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          // Pure functions: one module graph for all files instead of one per file.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...BULK_FILES],
          ...INTEGRATION_RUN,
        },
      },
      {
        extends: true,
        test: {
          // The same kind of file, on a local stack of its own whose table has no stream
          // (test/support/integration-setup.ts).
          name: 'bulk',
          include: BULK_FILES,
          ...INTEGRATION_RUN,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          // One module graph for all files: aws-cdk-lib is loaded once, and the synthesized apps
          // (test/infra/synth.ts) and function bundles (test/bench/harness.ts) are shared.
          isolate: false,
          globalSetup: ['test/infra/global-setup.ts'],
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One jsdom per worker instead of one per file (about two minutes less on two cores);
          // the setup file gives each test a clean tree and toast list, and i18n is set per file.
          isolate: false,
          setupFiles: ['web/src/testing/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // The business day closes the day it runs in: it has a stack of its own (e2e-day).
          exclude: [...configDefaults.exclude, 'test/e2e/business-day/**'],
          environment: 'node',
          globalSetup: ['test/e2e/support/global-setup.ts'],
          // One Chromium at a time: the machine has two cores. (Files would not trip over each
          // other: each works on users and applications of its own, and the one that changes shared
          // geo and settings changes them in ways the others do not meet.)
          fileParallelism: false,
          // One worker for all files; the setup file resets the project's modules before each.
          isolate: false,
          setupFiles: ['test/support/fresh-modules.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-day',
          include: ['test/e2e/business-day/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/support/global-setup.ts'],
          fileParallelism: false,
          isolate: false,
          setupFiles: ['test/support/fresh-modules.ts'],
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import type { InlineConfig } from 'vitest/node';

/**
 * One `vitest run` runs every kind of test; each project has its own environment:
 * unit (pure functions), integration (real HTTP against the local stack on DynamoDB Local and
 * the local SES inbox; `bulk`, its files that work at volume, on a stack of their own), infra (CDK assertions over the synthesized templates), web (components
 * in jsdom), e2e and e2e-installation (the built site in Debian's headless Chromium, on a stack
 * each) and e2e-day (a business day the same way, on a stack of its own: it closes the day it ran in).
 */
/**
 * The integration files that write or call at volume: the capacity files seed tens of thousands of
 * items, the permission matrix calls every route as every role. None needs the live fan-out, and
 * DynamoDB Local's stream made everything after them dear: with 100,000 seeded movements in the
 * table's stream, every later write cost more and the staff group's alerts took 15 s instead of 2
 * (docs/decisions.md). So they are the `bulk` project, whose stack has no stream. The restore drill
 * and the staff group's file are here too: they run stacks and tables of their own and need only
 * the shared DynamoDB Local and inbox, and this lane ends earlier than the integration project's
 * (test/suite.ts).
 */
const BULK_FILES = [
  'test/integration/admin/capacity.test.ts',
  'test/integration/admin/permissions.test.ts',
  'test/integration/transactions/capacity.test.ts',
  'test/integration/transactions/export-capacity.test.ts',
  'test/integration/deploy/restore.test.ts',
  'test/integration/telegram/staff-group.test.ts',
];

/**
 * The integration folders of a deal's money (its lifecycle, the chain, the ledger, movements,
 * partners, reserves, reports, verification): the `integration-deals` project, on a stack of its own
 * in a lane of its own (test/suite.ts). One project of all the integration files, one file at a
 * time, was the lane that ended `npm test`; these folders are about half of its time.
 */
const DEAL_FOLDERS = [
  'applications',
  'chain',
  'ledger',
  'transactions',
  'partners',
  'reserves',
  'reports',
  'verification',
].map((folder) => `test/integration/${folder}/**/*.test.ts`);

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

/**
 * How the e2e projects run: each `vitest run` of one builds the site and starts a whole local stack
 * (test/e2e/support/global-setup.ts), and its files use it one at a time. One Chromium per stack:
 * a file works on users and applications of its own, but may change what the whole installation
 * shows while it runs.
 */
const E2E_RUN: Pick<
  InlineConfig,
  'environment' | 'globalSetup' | 'fileParallelism' | 'isolate' | 'setupFiles' | 'hookTimeout'
> = {
  environment: 'node',
  globalSetup: ['test/e2e/support/global-setup.ts'],
  fileParallelism: false,
  // One worker for all files; the setup file resets the project's modules before each.
  isolate: false,
  setupFiles: ['test/support/fresh-modules.ts'],
  hookTimeout: 120_000,
};

/**
 * The e2e files that change what every visitor of the installation meets: settings (the first
 * deals' cap, the minimum, mails), geo and working hours, maintenance, rates and reserves, the pages' texts; and the
 * admin screens' sweep, which fills the admin lists. They are the `e2e-installation` project, on a
 * stack of its own, so the other e2e files can run beside them in a lane of their own (test/suite.ts)
 * and never meet a cap or a closed city they did not set (two files at once on one stack did:
 * a visitor's 1,500 EUR application was refused by another file's first deals' cap of 300 USD).
 * The English screens' sweep changes nothing; it is here to even the two lanes out.
 */
const E2E_INSTALLATION_FILES = [
  'test/e2e/admin/geo-and-settings.test.ts',
  'test/e2e/admin/rates-states.test.ts',
  'test/e2e/admin/screens.test.ts',
  'test/e2e/admin/typed-rate.test.ts',
  'test/e2e/card-verification.test.ts',
  'test/e2e/deal.test.ts',
  'test/e2e/first-deal-cap.test.ts',
  'test/e2e/mails.test.ts',
  'test/e2e/public-rates.test.ts',
  'test/e2e/rate-display.test.ts',
  'test/e2e/reserve-limit.test.ts',
  'test/e2e/site-content.test.ts',
  'test/e2e/working-hours.test.ts',
  'test/e2e/screens-en.test.ts',
];

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
          exclude: [...configDefaults.exclude, ...BULK_FILES, ...DEAL_FOLDERS],
          ...INTEGRATION_RUN,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-deals',
          include: DEAL_FOLDERS,
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
          setupFiles: ['test/infra/temp-folder.ts'],
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
          // The business day closes the day it runs in (e2e-day); the files that change what the
          // whole installation shows run on a stack of their own (e2e-installation).
          exclude: [...configDefaults.exclude, 'test/e2e/business-day/**', ...E2E_INSTALLATION_FILES],
          ...E2E_RUN,
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-installation',
          include: E2E_INSTALLATION_FILES,
          ...E2E_RUN,
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-day',
          include: ['test/e2e/business-day/**/*.test.ts'],
          ...E2E_RUN,
          testTimeout: 600_000,
        },
      },
    ],
  },
});

import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { freePort } from '@infra/local/ports';
import type { LocalStack } from '@infra/local/stack';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { startLocalStackProcess } from '../../support/stack-process';

/**
 * Once per run of an e2e project (`e2e`, and `e2e-day` with a stack of its own): builds the web app
 * (with a manifest, for the route sizes) and starts the whole local stack (with its market-data
 * stand-in) serving the build in memory on free ports, with a SUPER_ADMIN.
 */
const ROOT = join(import.meta.dirname, '../../..');

let stack: LocalStack | undefined;
/** The projects with files that wait for the chain watcher (chain-deal, held payments, the business day). */
const PROJECTS_WAITING_FOR_THE_WATCHER = new Set(['e2e', 'e2e-day']);

export async function setup(project: TestProject) {
  // A folder per project: two projects of one run may build at once.
  const distDir = join(ROOT, 'test-results', `${project.name}-web-dist`);
  // Vitest sets NODE_ENV=test, which Vite would keep: React's development build would be served.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(ROOT, 'web/vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: distDir, emptyOutDir: true, manifest: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  // The chain watcher every 2 s instead of 15 where the USDT tests wait for it to see a transfer;
  // the installation's files never do, and each run costs the stack and its DynamoDB Local.
  if (PROJECTS_WAITING_FOR_THE_WATCHER.has(project.name)) process.env.TRON_POLL_SECONDS ??= '2';
  const jwtSecret = randomBytes(48).toString('base64url');
  const originSecret = randomBytes(32).toString('base64url');
  const tableName = 'exchange-e2e';
  const adminEmail = 'e2e-admin@exchange.test';
  const adminPassword = `Admin-${randomBytes(9).toString('base64url')}`;
  stack = await startLocalStackProcess({
    port: 0,
    mailPort: 0,
    dynamoPort: await freePort(),
    // A browser's pace of calls: the optimizing JIT would not earn its CPU back (infra/local/dynamo.ts).
    dynamoJit: 'quick',
    dataDir: null,
    tableName,
    jwtSecret,
    originSecret,
    mailFrom: 'no-reply@exchange.test',
    web: 'static',
    webDistDir: distDir,
    // Only the chain watcher, which a USDT deal needs (test/e2e/chain-deal.test.ts); the others
    // (rates, expiries) would change what the screens show while they are checked.
    runJobs: ['watchChain'],
    checkResponses: true,
    aroundTheClock: true,
    adminEmail,
    adminPassword,
  });
  project.provide('localStack', {
    apiUrl: stack.siteUrl,
    directApiUrl: stack.directApiUrl,
    mailUrl: stack.mailUrl,
    dynamoEndpoint: stack.dynamoEndpoint,
    uploadsUrl: stack.uploadsUrl,
    siteBucketUrl: stack.siteBucketUrl,
    tronApiUrl: stack.tronApiUrl,
    amlApiUrl: stack.amlApiUrl,
    telegramApiUrl: stack.telegramApiUrl,
    telegramWebhookSecret: stack.telegramWebhookSecret,
    tableName,
    jwtSecret,
    originSecret,
  });
  project.provide('e2e', { siteUrl: stack.siteUrl, distDir, adminEmail, adminPassword });
}

export async function teardown() {
  await stack?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: { siteUrl: string; distDir: string; adminEmail: string; adminPassword: string };
  }
}

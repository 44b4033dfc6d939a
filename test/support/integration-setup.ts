import { randomBytes } from 'node:crypto';
import { freePort } from '@infra/local/ports';
import type { LocalStack } from '@infra/local/stack';
import type { TestProject } from 'vitest/node';
import { sharedDynamoEndpoint } from './shared-dynamo';
import { startLocalStackProcess } from './stack-process';

/**
 * Starts one local stack for the whole run of an integration project: DynamoDB Local in memory, the
 * SES inbox and the API on free ports. Tests share it and keep apart by run-scoped ids. The `bulk`
 * project's stack has no live fan-out, so its table has no stream (vitest.config.ts).
 */
let stack: LocalStack | undefined;
/** The TRON provider calls' timeout in the shared stack (infra/local/stack.ts `tron.timeoutMs`). */
const TRON_TEST_TIMEOUT_MS = 2500;

export async function setup(project: TestProject) {
  const jwtSecret = randomBytes(48).toString('base64url');
  // A table per project: in `npm test` the two API projects share one DynamoDB Local (shared-dynamo.ts).
  const tableName = `exchange-${project.name}`;
  const originSecret = randomBytes(32).toString('base64url');
  // The bulk files' volume stays in a DynamoDB Local of their own (vitest.config.ts).
  const dynamoEndpoint = project.name === 'bulk' ? undefined : sharedDynamoEndpoint();
  stack = await startLocalStackProcess({
    port: 0,
    mailPort: 0,
    // A port only for a DynamoDB Local the stack starts itself.
    dynamoPort: dynamoEndpoint ? 0 : await freePort(),
    dynamoEndpoint,
    dataDir: null,
    tableName,
    jwtSecret,
    originSecret,
    mailFrom: 'no-reply@exchange.test',
    web: 'none',
    runJobs: false,
    liveFanOut: project.name !== 'bulk',
    checkResponses: true,
    aroundTheClock: true,
    // The TronGrid stand-in; a test of a slow provider need not wait the calls' full 5 s.
    tron: { timeoutMs: TRON_TEST_TIMEOUT_MS },
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
}

export async function teardown() {
  await stack?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    localStack: {
      apiUrl: string;
      /** The API around CloudFront: no origin header added (infra/local/stack.ts). */
      directApiUrl: string;
      mailUrl: string;
      dynamoEndpoint: string;
      /** The S3 stand-in of the uploads bucket (infra/local/s3-stand-in.ts). */
      uploadsUrl: string;
      /** The S3 stand-in of the site bucket (infra/local/stack.ts). */
      siteBucketUrl: string;
      /** The TronGrid stand-in the functions call (infra/local/tron-stand-in.ts). */
      tronApiUrl: string;
      /** The AML provider's stand-in the functions call (infra/local/aml-stand-in.ts). */
      amlApiUrl: string;
      /** The Bot API stand-in the functions call (infra/local/telegram-stand-in.ts); null without a bot. */
      telegramApiUrl: string | null;
      /** The secret the webhook checks (TELEGRAM_WEBHOOK_SECRET); null without a bot. */
      telegramWebhookSecret: string | null;
      tableName: string;
      jwtSecret: string;
      originSecret: string;
    };
  }
}

import { randomBytes } from 'node:crypto';
import { startLocalMailSender } from '@infra/local/outbox';
import { freePort } from '@infra/local/ports';
import { type LocalStackOptions, startLocalStack } from '@infra/local/stack';
import { meterConsumedCapacity } from '../support/consumed-capacity';

/**
 * The local stack a bench's cost rows are measured on: its own DynamoDB Local and table, no jobs,
 * open around the clock (the rows quote and apply for cash and card at whatever hour the bench
 * runs), the table's calls metered, and the mail sender and the live fan-out off: the sender is run
 * here after each row, metered apart, and the fan-out has a row of its own, so neither lands in the
 * routes' rows.
 */
export async function startMeteredStack(tableName: string, extra: Partial<LocalStackOptions> = {}) {
  const stack = await startLocalStack({
    port: 0,
    mailPort: 0,
    dynamoPort: await freePort(),
    dataDir: null,
    tableName,
    jwtSecret: randomBytes(48).toString('base64url'),
    mailFrom: 'no-reply@bench.local',
    web: 'none',
    runJobs: false,
    aroundTheClock: true,
    sendMail: false,
    liveFanOut: false,
    ...extra,
  });
  // After the stack: the data client reads the table's endpoint when first imported.
  const { db } = await import('@functions/data/client');
  const meter = meterConsumedCapacity(db);
  const mailSender = await startLocalMailSender({ pollMs: null });
  return { stack, meter, mailSender };
}

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@functions/data/keys';
import { inject } from 'vitest';

export interface StoredMail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

/**
 * When this test file started, in the inbox's epoch seconds. A file only reads mails to its own
 * run-scoped addresses, sent after it started; asking the inbox for those alone keeps every answer
 * small, where the whole store (every mail of the run, sent again at each poll) grew to megabytes.
 */
const FILE_STARTED_AT = Math.floor(Date.now() / 1000);

let dynamo: DynamoDBDocumentClient | undefined;

/**
 * Waits until every mail queued before this call has left the outbox (the local stack's sender
 * takes each within moments of its commit), so what the inbox holds afterwards is complete: a test
 * that counts mails, or expects none, reads them after the sender had its chance. The mails waited
 * for are those queued or being sent now, whatever time their change was made at (tests move
 * `now`), not those other files queue meanwhile. One still there after `timeoutMs` fails the test.
 * Reads the table of this test file (TABLE_NAME, when a file works on a table of its own) or the stack's.
 */
export async function outboxSettled(timeoutMs = 10_000): Promise<void> {
  const stack = inject('localStack');
  dynamo ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack.dynamoEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const client = dynamo;
  const inFlight = async () => {
    const ids = new Set<string>();
    // Every channel's: a Telegram item queued with a mail is waited for too.
    for (const channel of ['mail', 'telegram'] as const) {
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: process.env.TABLE_NAME ?? stack.tableName,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :unsent',
            FilterExpression: 'mailState IN (:queued, :sending)',
            ExpressionAttributeValues: {
              ':unsent': keys.unsentOutbox(channel),
              ':queued': 'queued',
              ':sending': 'sending',
            },
            ProjectionExpression: 'id',
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of page.Items ?? []) ids.add(item.id as string);
        startKey = page.LastEvaluatedKey;
      } while (startKey);
    }
    return ids;
  };
  const waiting = await inFlight();
  const deadline = Date.now() + timeoutMs;
  while (waiting.size > 0) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const still = await inFlight();
    for (const id of waiting) if (!still.has(id)) waiting.delete(id);
    if (waiting.size > 0 && Date.now() > deadline)
      throw new Error(`${waiting.size} mails still in the outbox after ${timeoutMs} ms`);
  }
}

/** Every mail the local SES inbox holds for one address, oldest first, once the outbox has settled. */
export async function mailsTo(address: string): Promise<StoredMail[]> {
  await outboxSettled();
  return inboxOf(address);
}

/**
 * What the inbox holds for an address right now, whatever the outbox still holds (an SES outage);
 * the shared stack's inbox unless another stack's is given.
 */
export async function inboxOf(
  address: string,
  mailUrl = inject('localStack').mailUrl,
): Promise<StoredMail[]> {
  const response = await fetch(`${mailUrl}/store?since=${FILE_STARTED_AT}`);
  const store = (await response.json()) as { emails: StoredMail[] };
  return store.emails.filter((mail) => mail.destination.to.includes(address));
}

/** Waits for the next mail to an address (the outbox sends it moments after the commit). */
export async function latestMailTo(address: string, timeoutMs = 5000): Promise<StoredMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(address);
    if (mails.length > 0) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

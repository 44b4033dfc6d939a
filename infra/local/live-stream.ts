import {
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTableCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { logger } from '@functions/commons/logger';
import { LIVE_STREAM_SOURCES, OUTBOX_STREAM_SOURCE } from '@functions/data/live-sources';
import { workers } from '@functions/routes/manifest';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { lambdaContext, loadFunctionModule } from './api-adapter';

type StreamHandler = (event: DynamoDBStreamEvent, context: unknown, callback: () => void) => unknown;

/**
 * How often the stream is read when nothing wakes the reader: a net for the writes no request or
 * job of the stack made (a test's own), within the 2 s the screens promise. Each read costs
 * DynamoDB Local and the stack a few milliseconds: read every 500 ms, an idle stack's polling was
 * about a tenth of a core, on every stack of a test run (docs/decisions.md).
 */
const POLL_MS = 2000;
/**
 * After a wake the stream is read again this long after it: DynamoDB Local shows a write's record
 * a moment after the write, so the read at the wake itself may come too early for it.
 */
const FOLLOW_UP_MS = [150, 500] as const;
/** New shards are looked for this often (DynamoDB Local rolls its shards over now and then). */
const DESCRIBE_MS = 2000;
const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

export interface LocalLiveStream {
  /** Reads the stream now instead of at the next tick (after a request has committed). */
  wake(): void;
  /** Records handed to the fan-out so far, and its invocations. */
  readonly delivered: { readonly records: number; readonly invocations: number };
  stop(): Promise<void>;
}

/**
 * Whether the live fan-out's event source would pass a record: the same conditions as the live
 * stack's filters (infra/stacks/live-stack.ts), from the same `LIVE_STREAM_SOURCES`.
 */
export function passesLiveFilter(record: DynamoDBRecord): boolean {
  const pk = record.dynamodb?.Keys?.pk?.S ?? '';
  const sk = record.dynamodb?.Keys?.sk?.S ?? '';
  const { application, message, chainTransfer, staffNotice } = LIVE_STREAM_SOURCES;
  if (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY') return false;
  if (pk.startsWith(application.pkPrefix)) return sk === application.sk;
  if (pk.startsWith(message.pkPrefix) || pk.startsWith(staffNotice.pkPrefix))
    return record.eventName === 'INSERT';
  if (pk.startsWith(chainTransfer.pkPrefix))
    return record.dynamodb?.NewImage?.state?.S === chainTransfer.state;
  return false;
}

/** Whether the outbox sender's event source would pass a record (OUTBOX_STREAM_SOURCE). */
function isQueuedOutboxItem(record: DynamoDBRecord): boolean {
  return (
    (record.dynamodb?.Keys?.pk?.S ?? '').startsWith(OUTBOX_STREAM_SOURCE.pkPrefix) &&
    record.dynamodb?.NewImage?.mailState?.S === OUTBOX_STREAM_SOURCE.mailState
  );
}

/**
 * The live fan-out on this machine (docs/decisions.md): DynamoDB Local's own stream of the table
 * (switched on here with AWS's view type, new images, if the table has none), read from every open
 * shard whenever the stack wakes it after a request or a job's run (and twice more shortly after),
 * and every 2 s besides, filtered as the event source
 * mapping filters, in batches of the manifest's size to the same handler module Lambda runs. The
 * stream API is spoken as JSON over HTTP (`DynamoDBStreams_20120810.*`, three calls):
 * `@aws-sdk/client-dynamodb-streams` stops at 3.1141.0 while the repository pins 3.1162.0.
 * Reads from the stream's end at start: changes made before the stack ran have no one to tell.
 */
export async function startLiveStream(
  endpoint: string,
  tableName: string,
  /** Called when a batch read holds a queued outbox item (the local mail sender looks then). */
  onQueuedOutboxItem?: () => void,
): Promise<LocalLiveStream> {
  const handler = await loadFunctionModule<StreamHandler>(workers.liveFanOut.handler);
  const { batchSize, retryAttempts } = workers.liveFanOut.source;
  const streamArn = await enableStream(endpoint, tableName);

  const streams = async <T>(target: string, body: unknown): Promise<T> => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.0',
        'X-Amz-Target': `DynamoDBStreams_20120810.${target}`,
        // DynamoDB Local reads the key id from the header and checks no signature.
        Authorization: `AWS4-HMAC-SHA256 Credential=${LOCAL_CREDENTIALS.accessKeyId}/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=local`,
      },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as T & { __type?: string; message?: string };
    if (!response.ok)
      throw new Error(`${target}: ${answer.__type ?? response.status} ${answer.message ?? ''}`);
    return answer;
  };

  interface Shard {
    iterator: string | null;
    lastSequence: string | null;
  }
  const shards = new Map<string, Shard>();
  let describedAt = 0;
  let firstDescribe = true;
  const describe = async () => {
    describedAt = Date.now();
    const { StreamDescription } = await streams<{
      StreamDescription: {
        Shards: Array<{ ShardId: string; SequenceNumberRange: { EndingSequenceNumber?: string } }>;
      };
    }>('DescribeStream', { StreamArn: streamArn });
    for (const shard of StreamDescription.Shards) {
      if (shards.has(shard.ShardId) || shard.SequenceNumberRange.EndingSequenceNumber) continue;
      // A shard open at start is read from its end; one opened later from its beginning.
      const { ShardIterator } = await streams<{ ShardIterator: string }>('GetShardIterator', {
        StreamArn: streamArn,
        ShardId: shard.ShardId,
        ShardIteratorType: firstDescribe ? 'LATEST' : 'TRIM_HORIZON',
      });
      shards.set(shard.ShardId, { iterator: ShardIterator, lastSequence: null });
    }
    firstDescribe = false;
  };

  const delivered = { records: 0, invocations: 0 };
  const invoke = async (records: DynamoDBRecord[]) => {
    for (let attempt = 0; attempt <= retryAttempts; attempt += 1) {
      try {
        delivered.invocations += 1;
        await handler({ Records: records }, lambdaContext('liveFanOut'), () => {});
        delivered.records += records.length;
        return;
      } catch (error) {
        logger.error('local live stream: the fan-out failed', error as Error);
      }
    }
  };

  const readShard = async (shardId: string, shard: Shard) => {
    if (!shard.iterator) return;
    let answer: { Records?: DynamoDBRecord[]; NextShardIterator?: string };
    try {
      answer = await streams('GetRecords', { ShardIterator: shard.iterator, Limit: 1000 });
    } catch (error) {
      // An iterator that expired: take up again after the last record read.
      const { ShardIterator } = await streams<{ ShardIterator: string }>('GetShardIterator', {
        StreamArn: streamArn,
        ShardId: shardId,
        ...(shard.lastSequence
          ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: shard.lastSequence }
          : { ShardIteratorType: 'LATEST' }),
      });
      shard.iterator = ShardIterator;
      logger.warn('local live stream: iterator renewed', error as Error);
      return;
    }
    const records = answer.Records ?? [];
    shard.iterator = answer.NextShardIterator ?? null;
    if (records.length > 0)
      shard.lastSequence = records.at(-1)!.dynamodb?.SequenceNumber ?? shard.lastSequence;
    if (onQueuedOutboxItem && records.some(isQueuedOutboxItem)) onQueuedOutboxItem();
    const passing = records.filter(passesLiveFilter);
    for (let start = 0; start < passing.length; start += batchSize)
      await invoke(passing.slice(start, start + batchSize));
    if (!shard.iterator) shards.delete(shardId);
  };

  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const poll = async () => {
    do {
      again = false;
      if (Date.now() - describedAt >= DESCRIBE_MS) await describe();
      for (const [shardId, shard] of [...shards]) await readShard(shardId, shard);
    } while (again && !stopped);
  };
  const read = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = poll()
      .catch((error: unknown) => logger.error('local live stream: read failed', error as Error))
      .finally(() => {
        running = undefined;
      });
  };
  // A wake reads now and once each follow-up later; the follow-ups of a burst of wakes are one set.
  let followUps: NodeJS.Timeout[] = [];
  const wake = () => {
    read();
    if (followUps.length > 0 || stopped) return;
    followUps = FOLLOW_UP_MS.map((ms, index) =>
      setTimeout(() => {
        if (index === FOLLOW_UP_MS.length - 1) followUps = [];
        read();
      }, ms),
    );
  };

  await describe();
  const timer = setInterval(read, POLL_MS);
  return {
    wake,
    delivered,
    async stop() {
      stopped = true;
      clearInterval(timer);
      for (const followUp of followUps) clearTimeout(followUp);
      while (running) await running;
    },
  };
}

/** The table's stream ARN, after switching a stream of new images on if it has none. */
async function enableStream(endpoint: string, tableName: string): Promise<string> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS });
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.StreamSpecification?.StreamEnabled && Table.LatestStreamArn) return Table.LatestStreamArn;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
      }),
    );
    await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: tableName });
    const after = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (!after.Table?.LatestStreamArn)
      throw new Error(`The table ${tableName} has no stream after switching it on.`);
    return after.Table.LatestStreamArn;
  } finally {
    client.destroy();
  }
}

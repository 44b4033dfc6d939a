import { randomUUID } from 'node:crypto';
import { logger } from '@functions/commons/logger';
import { workers } from '@functions/routes/manifest';
import type { AttributeValue, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { lambdaContext, loadFunctionModule } from './api-adapter';

type StreamHandler = (event: DynamoDBStreamEvent, context: unknown, callback: () => void) => unknown;

/** A mail the local sender gave up on after the retries: AWS records its batch in the mail DLQ. */
export interface DroppedMail {
  id: string;
  queuedAt: string;
}

export interface LocalMailSender {
  /** Looks at the outbox now instead of at the next tick (after a request has committed). */
  wake(): void;
  /** Resolves once every mail queued so far has been handed to the sender and its retries are over. */
  drain(): Promise<void>;
  /** Mails whose records went to the on-failure destination, oldest first. */
  readonly dropped: readonly DroppedMail[];
  /** Handler invocations so far and the wall time spent in them (what Lambda would bill). */
  readonly invocations: { readonly count: number; readonly ms: number };
  stop(): Promise<void>;
}

/**
 * How often the outbox is looked at when nothing wakes the sender: a net for mail queued by no
 * request or job of the stack (a test's own write). A query of the two unsent indexes costs
 * DynamoDB Local and the stack a few tens of milliseconds: every 500 ms, that was about a seventh
 * of a core on an idle stack (docs/decisions.md).
 */
const POLL_MS = 2000;
/** Lambda retries a failed stream batch at once; a short pause keeps a local failure loop calm. */
const RETRY_PAUSE_MS = 50;

/**
 * The outbox sender on this machine: the same handler module Lambda runs (functions/jobs/send-mail),
 * fed stream-shaped records of the outbox items whose state is `queued`, found by a Query of the
 * sparse unsent index (docs/decisions.md: it finds every mail still to send, those queued before
 * the sender started too, where a stream is read from its end). Like the event source mapping it delivers each queued state once (a record is the
 * mail and its `queuedAt`, so a re-drive makes a new record), in batches of the manifest's size,
 * retries the records the handler reports failed up to the manifest's retry count, from the first
 * failed one on, and then drops them (logged; in AWS the batch goes to the mail DLQ).
 * Reads TABLE_NAME when started, so a test can run one against a table of its own.
 */
export async function startLocalMailSender(
  options: {
    /** Look at the outbox by itself on this period; null: only when woken (a bench that meters it apart). */
    pollMs?: number | null;
  } = {},
): Promise<LocalMailSender> {
  const { listAllUnsentItems } = await import('@functions/data/outbox');
  const handler = await loadFunctionModule<StreamHandler>(workers.sendMail.handler);
  const { batchSize, retryAttempts } = workers.sendMail.source;
  const delivered = new Map<string, string>();
  const dropped: DroppedMail[] = [];
  const invocations = { count: 0, ms: 0 };
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const invoke = async (records: DynamoDBRecord[]): Promise<Set<string>> => {
    const started = performance.now();
    invocations.count += 1;
    try {
      const answer = (await handler({ Records: records }, lambdaContext('sendMail'), () => {})) as
        | DynamoDBBatchResponse
        | undefined;
      return new Set((answer?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
    } catch (error) {
      logger.error('local mail sender: the invocation failed', error as Error);
      return new Set(records.map((record) => record.dynamodb!.SequenceNumber!));
    } finally {
      invocations.ms += performance.now() - started;
    }
  };

  const deliver = async (batch: Array<{ id: string; queuedAt: string; record: DynamoDBRecord }>) => {
    let pending = batch;
    for (let attempt = 0; pending.length > 0 && attempt <= retryAttempts; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
      const failed = await invoke(pending.map((entry) => entry.record));
      const first = pending.findIndex((entry) => failed.has(entry.record.dynamodb!.SequenceNumber!));
      pending = first === -1 ? [] : pending.slice(first);
    }
    for (const entry of pending) {
      dropped.push({ id: entry.id, queuedAt: entry.queuedAt });
      logger.warn('local mail sender: retries used up; the re-drive job queues it again later', {
        outboxId: entry.id,
      });
    }
  };

  const poll = async () => {
    do {
      again = false;
      // The stream delivers every write, whatever time its change was made at (tests move `now`).
      const unsent = await listAllUnsentItems(1000);
      // A mail no longer unsent was sent or suppressed: forget it.
      const ids = new Set(unsent.map((mail) => mail.id));
      for (const id of delivered.keys()) if (!ids.has(id)) delivered.delete(id);
      const fresh = unsent.filter(
        (mail) => mail.mailState === 'queued' && delivered.get(mail.id) !== mail.queuedAt,
      );
      for (const mail of fresh) delivered.set(mail.id, mail.queuedAt);
      const records = fresh.map((mail) => ({
        id: mail.id,
        queuedAt: mail.queuedAt,
        record: outboxStreamRecord(mail),
      }));
      for (let start = 0; start < records.length; start += batchSize)
        await deliver(records.slice(start, start + batchSize));
    } while (again && !stopped);
  };

  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = poll()
      .catch((error: unknown) => logger.error('local mail sender: poll failed', error as Error))
      .finally(() => {
        running = undefined;
      });
  };

  const pollMs = options.pollMs === undefined ? POLL_MS : options.pollMs;
  const timer = pollMs === null ? undefined : setInterval(wake, pollMs);
  if (timer) wake();
  return {
    wake,
    dropped,
    invocations,
    async drain() {
      // A poll that started before the caller's writes may miss them: run one more after it.
      while (running) await running;
      wake();
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}

/** The stream record of an outbox item as DynamoDB Streams shapes it (NEW_IMAGE view). */
export function outboxStreamRecord(mail: { id: string; redrives: number } & object): DynamoDBRecord {
  const image: Record<string, AttributeValue> = {};
  for (const [name, value] of Object.entries(mail)) {
    if (typeof value === 'string') image[name] = { S: value };
    else if (typeof value === 'number') image[name] = { N: String(value) };
  }
  const keys = { pk: { S: `OUTBOX#${mail.id}` }, sk: { S: 'MAIL' } };
  return {
    eventID: randomUUID(),
    eventName: mail.redrives === 0 ? 'INSERT' : 'MODIFY',
    eventSource: 'aws:dynamodb',
    awsRegion: 'local',
    dynamodb: {
      Keys: keys,
      NewImage: { ...keys, ...image },
      SequenceNumber: randomUUID(),
      StreamViewType: 'NEW_IMAGE',
    },
  };
}

import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { CompletionSnapshot } from '@shared/contract/completion';
import type { ExportFormat, ExportState } from '@shared/contract/exports';
import type { MovementDirectionName } from '@shared/contract/transactions';
import type { Language } from '@shared/enums';
import { BOOK_ACCOUNT_KINDS } from '@shared/ledger';
import { type ApplicationRecord, toApplicationRecord } from './applications';
import { db, tableName } from './client';
import { keys } from './keys';
import { TTL_ATTRIBUTE } from './table-definition';

/** An export of the transaction history (keys.ts pattern 47): what was asked, and how it ended. */
export interface ExportJobRecord {
  id: string;
  state: ExportState;
  format: ExportFormat;
  language: Language;
  /** Business days, both included, and the zone they were read in. */
  from: string;
  to: string;
  timeZone: string;
  currency: string | null;
  direction: MovementDirectionName | null;
  fileName: string;
  requestedBy: string;
  createdAt: string;
  rows: number | null;
  finishedAt: string | null;
}

/** The job item and its file are kept two days: the file's lifecycle rule deletes it after one. */
const JOB_KEPT_SECONDS = 2 * 86_400;

export async function putExportJob(job: ExportJobRecord): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.exportJob(job.id),
        kind: 'exportJob',
        ...job,
        [TTL_ATTRIBUTE]: Math.floor(Date.parse(job.createdAt) / 1000) + JOB_KEPT_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function findExportJob(id: string): Promise<ExportJobRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.exportJob(id), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return {
    id: String(Item.id),
    state: Item.state as ExportState,
    format: Item.format as ExportFormat,
    language: Item.language as Language,
    from: String(Item.from),
    to: String(Item.to),
    timeZone: String(Item.timeZone),
    currency: (Item.currency as string | null | undefined) ?? null,
    direction: (Item.direction as MovementDirectionName | null | undefined) ?? null,
    fileName: String(Item.fileName),
    requestedBy: String(Item.requestedBy),
    createdAt: String(Item.createdAt),
    rows: Item.rows === null || Item.rows === undefined ? null : Number(Item.rows),
    finishedAt: (Item.finishedAt as string | null | undefined) ?? null,
  };
}

/**
 * The job's end, once: `ready` with its rows, or `failed`. Conditional on `preparing`, so a retried
 * worker run that finds the job ended changes nothing (false).
 */
export async function finishExportJob(
  id: string,
  end: { state: Exclude<ExportState, 'preparing'>; rows: number | null; finishedAt: string },
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.exportJob(id),
        UpdateExpression: 'SET #state = :state, #rows = :rows, finishedAt = :at',
        ConditionExpression: '#state = :preparing',
        ExpressionAttributeNames: { '#state': 'state', '#rows': 'rows' },
        ExpressionAttributeValues: {
          ':state': end.state,
          ':rows': end.rows,
          ':at': end.finishedAt,
          ':preparing': 'preparing',
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** What a row of the export tells about a movement's deal, found by one read per page of movements. */
export interface MovementContext {
  applications: Map<string, ApplicationRecord>;
  /** The completed deals' snapshots (pattern 46), by deal id. */
  completions: Map<string, CompletionSnapshot>;
  /** The office account each movement's ledger entry (entry id = movement id) posted to, by movement id. */
  accounts: Map<string, string>;
}

const BATCH_GET_KEYS = 100;

/** The office account of an entry: its one line that is not the books' own. */
function officeAccountOf(lines: unknown): string | undefined {
  if (!Array.isArray(lines)) return undefined;
  const office = lines.find((line: { accountId?: unknown }) => {
    const id = String(line.accountId);
    return !BOOK_ACCOUNT_KINDS.some((kind) => id.startsWith(`${kind}-`));
  }) as { accountId: string } | undefined;
  return office?.accountId;
}

/**
 * The deals, snapshots and ledger entries of a page of movements: BatchGetItem calls of up to 100
 * keys, run side by side, each asking again for what DynamoDB left unprocessed.
 */
export async function readMovementContext(request: {
  applicationIds: Iterable<string>;
  movementIds: Iterable<string>;
}): Promise<MovementContext> {
  const wanted = [
    ...[...new Set(request.applicationIds)].flatMap((id) => [
      keys.application(id),
      keys.completionSnapshot(id),
    ]),
    ...[...new Set(request.movementIds)].map((id) => keys.ledgerEntry(id)),
  ];
  const context: MovementContext = { applications: new Map(), completions: new Map(), accounts: new Map() };
  const batches: Array<Array<Record<string, string>>> = [];
  for (let start = 0; start < wanted.length; start += BATCH_GET_KEYS)
    batches.push(wanted.slice(start, start + BATCH_GET_KEYS));
  const found = await Promise.all(batches.map(batchGet));
  for (const item of found.flat()) {
    if (item.sk === 'APP') context.applications.set(String(item.id), toApplicationRecord(item));
    else if (item.sk === 'COMPLETION')
      context.completions.set(String(item.applicationId), item as unknown as CompletionSnapshot);
    else if (item.sk === 'ENTRY') {
      const account = officeAccountOf(item.lines);
      if (account) context.accounts.set(String(item.id), account);
    }
  }
  return context;
}

async function batchGet(batch: Array<Record<string, string>>): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let requestKeys: Record<string, unknown>[] | undefined = batch;
  while (requestKeys && requestKeys.length > 0) {
    const result: BatchGetCommandOutput = await db.send(
      new BatchGetCommand({ RequestItems: { [tableName]: { Keys: requestKeys } } }),
    );
    items.push(...(result.Responses?.[tableName] ?? []));
    requestKeys = result.UnprocessedKeys?.[tableName]?.Keys;
  }
  return items;
}

import { type ApplicationRecord, toApplicationRecord } from './applications';
import { batchGetAll } from './batch-get';
import { keys } from './keys';
import { type MovementRecord, toMovement } from './movements';
import { queryAll } from './query-window';

/**
 * What the carry-over of an install's history into the books reads (keys.ts patterns 32 and 45): every
 * recorded movement, and which of them (and of their deals' exchanges) the books already hold.
 */

/** Every movement of the transaction history, oldest first (Query gsi1 MOVEMENTS, every page). */
export async function readAllMovements(): Promise<MovementRecord[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.movementsAll },
  });
  return items.map(toMovement);
}

/** Which of these entry ids the books hold (BatchGetItem of LEDGER#ENTRY#{id}/ENTRY). */
export async function recordedLedgerEntryIds(ids: Iterable<string>): Promise<Set<string>> {
  const items = await batchGetAll([...new Set(ids)].map((id) => keys.ledgerEntry(id)));
  return new Set(items.map((item) => String(item.id)));
}

/** The deals of these ids (BatchGetItem of APP#{id}/APP). */
export async function findApplications(ids: Iterable<string>): Promise<Map<string, ApplicationRecord>> {
  const items = await batchGetAll([...new Set(ids)].map((id) => keys.application(id)));
  return new Map(items.map((item) => [String(item.id), toApplicationRecord(item)]));
}

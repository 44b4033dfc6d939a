import { randomUUID } from 'node:crypto';
import type { MovementDirection, MovementRecord } from '@functions/data/movements';
import { dayStart, shiftDay } from '@shared/business-time';

/** The first day of the stretch periods are reserved in (Moscow keeps UTC+3 all year since late 2014). */
const FIRST_DAY = '2015-01-01';
/** Each reservation is a slot of this many days; ten years hold 91 of them. */
const SLOT_DAYS = 40;
const SLOTS = 91;

/**
 * Movements are written straight into the table (functions/data's batch writes, as the seed writes),
 * in a period of days no other test writes in: the next free slot of a decade long past, reserved
 * by an atomic counter in the table, so neither the movements the deal's tests record today nor
 * another file's on the same table land in it. (Periods drawn at random met now and then: a
 * capacity file once read another file's USDT refunds as its own.) The years are those since
 * Moscow (the business's zone) keeps UTC+3 all year, so every day has 1,440 minutes.
 */
export async function pastPeriod(days: number): Promise<{ from: string; to: string }> {
  if (days > SLOT_DAYS) throw new Error(`A past period is at most ${SLOT_DAYS} days.`);
  const { db, tableName } = await import('@functions/data/client');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: { pk: 'TEST#PAST-PERIODS', sk: 'NEXT' },
      UpdateExpression: 'ADD slots :one',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const slot = Number(Attributes!.slots) - 1;
  if (slot >= SLOTS) throw new Error(`Every one of the ${SLOTS} past periods of this table is taken.`);
  const from = shiftDay(FIRST_DAY, slot * SLOT_DAYS);
  return { from, to: shiftDay(from, days - 1) };
}

const ASSETS: Record<string, string> = {
  USD: 'cash-USD',
  EUR: 'card-EUR',
  RUB: 'card-RUB',
  USDT: 'usdt-trc20',
};

/** The business's time zone the history reads days in (the setting's default: no test changes it). */
export const BUSINESS_TIME_ZONE = 'Europe/Moscow';

/** One movement of the period: `minute` minutes after its first midnight in the business's zone. */
export function movementAt(
  period: { from: string },
  minute: number,
  fields: {
    direction: MovementDirection;
    currency: keyof typeof ASSETS;
    staffId: string;
    amount?: number;
    reference?: string | null;
    note?: string | null;
  },
): MovementRecord {
  const applicationId = randomUUID();
  const at = new Date(dayStart(period.from, BUSINESS_TIME_ZONE).getTime() + minute * 60_000).toISOString();
  return {
    id: `${applicationId}#${fields.direction}`,
    applicationId,
    userId: randomUUID(),
    direction: fields.direction,
    amount: fields.amount ?? 100,
    asset: ASSETS[fields.currency]!,
    currency: fields.currency,
    reference: fields.reference === undefined ? `ref-${applicationId.slice(0, 8)}` : fields.reference,
    note: fields.note ?? null,
    staffId: fields.staffId,
    at,
    recordedAtCompletion: false,
  };
}

/** Writes the movements as their items (25 a BatchWriteItem). */
export async function putMovements(movements: MovementRecord[]): Promise<void> {
  const { movementItem } = await import('@functions/data/movements');
  const { putAll } = await import('@functions/data/bulk-writes');
  await putAll(movements.map(movementItem));
}

/** Newest first, as the history answers. */
export function newestFirst(movements: MovementRecord[]): MovementRecord[] {
  const key = (movement: MovementRecord) => `${movement.at}#${movement.id}`;
  return [...movements].sort((a, b) => (key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : 0));
}

import { randomUUID } from 'node:crypto';
import type { StaffNoticeType } from '@shared/contract/live';
import { tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/**
 * A live notice for staff alone that no other item's change makes (keys.ts pattern 39): Put in
 * the transaction of what it tells, so it exists exactly when that happened; the live fan-out
 * sends its INSERT from the stream (functions/data/live.ts), and the TTL clears it a day later.
 */
const KEPT_SECONDS = 24 * 60 * 60;

export function staffNoticePut(notice: { type: StaffNoticeType; id: string }, now: Date): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.staffNotice(randomUUID()),
        type: notice.type,
        id: notice.id,
        at: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + KEPT_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

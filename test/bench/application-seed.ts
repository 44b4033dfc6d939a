import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ApplicationRecord, NO_DEAL_YET } from '@functions/data/applications';
import { businessDayOf } from '@shared/business-time';
import type { ApplicationStatus } from '@shared/enums';

/**
 * Batch-writes synthetic applications straight into the table (with their completion log entries,
 * status counters and day buckets), for the capacity test and `npm run bench`. Half belong to the
 * first owner; every fourth is COMPLETED (completions spread over the last days), the rest are
 * PROCESSING. The functions/ modules are imported when called, after TABLE_NAME is set.
 */
export async function seedApplications(options: {
  from: number;
  to: number;
  ownerIds: string[];
}): Promise<void> {
  const { db, tableName } = await import('@functions/data/client');
  // Imported here, not at the top: the data modules read TABLE_NAME when first loaded, and the
  // capacity test points it at a table of its own first.
  const { applicationItem, historyPut, NO_DEAL_YET } = await import('@functions/data/applications');
  const counters = await import('@functions/data/counters');
  const { transactWrite } = await import('@functions/data/transactions');
  const [firstOwner, ...others] = options.ownerIds;
  if (!firstOwner) throw new Error('seedApplications needs at least one owner');

  const items: Record<string, unknown>[] = [];
  const perOwner = new Map<string, Record<string, number>>();
  const global: Record<string, number> = {};
  const completedPerDay = new Map<string, number>();
  for (let index = options.from; index < options.to; index += 1) {
    const record = syntheticApplication(
      NO_DEAL_YET,
      index,
      index % 2 === 0 || others.length === 0 ? firstOwner : others[index % others.length]!,
    );
    const completedAt =
      record.status === 'COMPLETED' ? new Date(Date.now() - index * 60_000).toISOString() : null;
    items.push(applicationItem(record));
    // Only completions have a log entry the lists or the dashboard read; the rest stay lean.
    if (completedAt) {
      items.push(
        historyPut({
          applicationId: record.id,
          from: 'PROCESSING',
          to: 'COMPLETED',
          at: completedAt,
          actorId: null,
          actorRole: 'SYSTEM',
          reason: null,
          userId: record.userId,
          amountFrom: record.amountFrom,
          currencyFrom: record.currencyFrom,
          details: null,
        }).Put!.Item!,
      );
      // The dashboard's day: the business's (the setting's default zone).
      const day = businessDayOf(completedAt, 'Europe/Moscow');
      completedPerDay.set(day, (completedPerDay.get(day) ?? 0) + 1);
    }
    const counts = perOwner.get(record.userId) ?? {};
    for (const field of ['total', record.status]) {
      counts[field] = (counts[field] ?? 0) + 1;
      global[field] = (global[field] ?? 0) + 1;
    }
    perOwner.set(record.userId, counts);
  }

  const batches: Record<string, unknown>[][] = [];
  for (let start = 0; start < items.length; start += 25) batches.push(items.slice(start, start + 25));
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < batches.length) {
        let requests = batches[next++]!.map((Item) => ({ PutRequest: { Item } }));
        while (requests.length > 0) {
          const input: BatchWriteCommandInput = { RequestItems: { [tableName]: requests } };
          const result = await db.send(new BatchWriteCommand(input));
          requests = (result.UnprocessedItems?.[tableName] ?? []) as typeof requests;
        }
      }
    }),
  );
  await transactWrite([
    counters.adjustApplicationStatusCounts(global),
    ...[...perOwner].map(([userId, counts]) => counters.adjustUserApplicationStats(userId, counts)),
  ]);
  const days = [...completedPerDay];
  for (let start = 0; start < days.length; start += 25) {
    await transactWrite(
      days
        .slice(start, start + 25)
        .map(([day, count]) => counters.incrementDailyStat(day, 'completedApplications', count)),
    );
  }
}

function syntheticApplication(
  noDealYet: typeof NO_DEAL_YET,
  index: number,
  userId: string,
): ApplicationRecord {
  const createdAt = new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString();
  const status: ApplicationStatus = index % 4 === 3 ? 'COMPLETED' : 'PROCESSING';
  return {
    id: randomUUID(),
    userId,
    requestType: 'STANDARD',
    status,
    amountFrom: 100 + (index % 5000),
    amountTo: 98 + (index % 5000),
    amountUSD: 108 + (index % 5000),
    assetFrom: 'card-EUR',
    assetTo: 'usdt-trc20',
    currencyFrom: 'EUR',
    currencyTo: 'USDT',
    continent: 'europe',
    country: 'europe.spain',
    city: 'europe.spain.madrid',
    details: null,
    contactTelegram: '@exchange_tester',
    originFunds: 'N/A',
    rejectionReason: null,
    rate: { rate: 1.06, markupPercent: 1.5, usdValueFrom: 1.08, usdValueTo: 1, quotedAt: createdAt },
    assignedToId: null,
    adminNote: null,
    createdAt,
    updatedAt: createdAt,
    statusChangedAt: createdAt,
    ...noDealYet,
    version: 1,
  };
}

import { logger } from '@functions/commons/logger';
import { NO_BUDGET, type RunBudget } from '@functions/commons/run-budget';
import {
  type ApplicationRecord,
  applicationPartitions,
  toApplicationRecord,
} from '@functions/data/applications';
import type { ListPartition } from '@functions/data/query-window';
import { readItems } from '@functions/data/query-window';
import { settingValue } from '../settings/settings';
import { applyStatusChange, type StatusChange, StatusChangedError } from './status-change';

const PAGE = 100;
const PARALLEL = 10;
/** A run stops after this many; the next run carries on. */
export const MAX_EXPIRED_PER_RUN = 2000;

export interface ExpiryRun {
  expired: number;
  /** Already moved on by someone else (a race), as expected. */
  skipped: number;
  /** Could not be moved (logged one by one); the run went on with the others. */
  failed: number;
}

/**
 * Moves the applications of one status index partition to EXPIRED, each by its own conditional
 * transaction (`change` adds the condition that makes it due), so two runs at once expire each
 * application exactly once and the loser of a race just skips it. One application that fails
 * does not stop the run: it is logged and counted, and the others are still expired.
 */
async function expireDue(
  partition: ListPartition,
  isDue: (application: ApplicationRecord) => boolean,
  change: (application: ApplicationRecord) => StatusChange,
  now: Date,
  budget: RunBudget,
): Promise<ExpiryRun> {
  let expired = 0;
  let skipped = 0;
  let failed = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await readItems(partition, { forward: true, count: PAGE, startKey });
    startKey = page.lastKey;
    const records = page.items.map(toApplicationRecord).filter(isDue);
    for (let start = 0; start < records.length && !budget.over(); start += PARALLEL) {
      const batch = records.slice(start, start + PARALLEL);
      const results = await Promise.allSettled(
        batch.map((application) => applyStatusChange(change(application), now)),
      );
      results.forEach((result, index) => {
        if (result.status === 'fulfilled') expired += 1;
        else if (result.reason instanceof StatusChangedError) skipped += 1;
        else {
          failed += 1;
          logger.error('application not expired', {
            applicationId: batch[index]!.id,
            error: result.reason as Error,
          });
        }
      });
    }
  } while (startKey && expired < MAX_EXPIRED_PER_RUN && !budget.over());
  return { expired, skipped, failed };
}

/**
 * PENDING applications created more than `applicationExpiryHours` ago: a Query of the PENDING index
 * below the cutoff (oldest first), each still PENDING and still older than the cutoff at write time.
 */
export async function expireStaleApplications(
  now = new Date(),
  budget: RunBudget = NO_BUDGET,
): Promise<ExpiryRun> {
  const hours = await settingValue('applicationExpiryHours');
  const cutoff = new Date(now.getTime() - hours * 3_600_000).toISOString();
  return expireDue(
    applicationPartitions.ofStatus('PENDING', cutoff),
    () => true,
    (application) => ({
      application,
      from: 'PENDING',
      to: 'EXPIRED',
      actor: { id: null, role: 'SYSTEM' },
      createdBefore: cutoff,
    }),
    now,
    budget,
  );
}

/**
 * WAITING_PAYMENT applications whose payment deadline passed with no "I have paid" (the lifecycle's
 * `expirePayment`): the WAITING_PAYMENT index holds only the deals waiting now (at most one window
 * long each), read whole; each write is conditional on the status and on the deadline still being
 * past, so a client's press or staff's longer window that lands first wins.
 */
export async function expireUnpaidApplications(
  now = new Date(),
  budget: RunBudget = NO_BUDGET,
): Promise<ExpiryRun> {
  const at = now.toISOString();
  return expireDue(
    applicationPartitions.ofStatus('WAITING_PAYMENT'),
    (application) => application.paymentDeadline !== null && application.paymentDeadline <= at,
    (application) => ({
      application,
      from: 'WAITING_PAYMENT',
      to: 'EXPIRED',
      actor: { id: null, role: 'SYSTEM' },
      deadlinePassedAt: at,
      details: { deadline: application.paymentDeadline },
    }),
    now,
    budget,
  );
}

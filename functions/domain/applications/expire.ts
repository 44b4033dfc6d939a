import { logger } from '@functions/commons/logger';
import { NO_BUDGET, type RunBudget } from '@functions/commons/run-budget';
import {
  type ApplicationRecord,
  applicationPartitions,
  toApplicationRecord,
} from '@functions/data/applications';
import type { ListPartition } from '@functions/data/query-window';
import { readItems } from '@functions/data/query-window';
import type { ApplicationStatus } from '@shared/enums';
import { type MoveName, moveNamed } from '@shared/lifecycle';
import { settingValue } from '../settings/settings';
import { MoveRefused } from './errors';
import { type MoveRequest, perform, SYSTEM_ACTOR } from './perform';

/** The one status a job's move goes from: the index partition it reads. */
function onlyFrom(name: MoveName): ApplicationStatus {
  const [from, ...more] = moveNamed(name).from;
  if (!from || more.length > 0)
    throw new Error(
      `The ${name} job reads one status; the lifecycle names ${moveNamed(name).from.join(', ')}`,
    );
  return from;
}

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
 * transaction (the move's needs make the write conditional on being due, perform.ts), so two runs at once expire each
 * application exactly once and the loser of a race just skips it. One application that fails
 * does not stop the run: it is logged and counted, and the others are still expired.
 */
async function expireDue(
  partition: ListPartition,
  isDue: (application: ApplicationRecord) => boolean,
  move: (application: ApplicationRecord) => MoveRequest,
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
      const results = await Promise.allSettled(batch.map((application) => perform(move(application), now)));
      results.forEach((result, index) => {
        if (result.status === 'fulfilled') expired += 1;
        else if (result.reason instanceof MoveRefused) skipped += 1;
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
    applicationPartitions.ofStatus(onlyFrom('expire'), cutoff),
    () => true,
    (application) => ({
      move: 'expire',
      application,
      actor: SYSTEM_ACTOR,
      input: { expiryCutoff: cutoff },
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
    applicationPartitions.ofStatus(onlyFrom('expirePayment')),
    (application) => application.paymentDeadline !== null && application.paymentDeadline <= at,
    (application) => ({
      move: 'expirePayment',
      application,
      actor: SYSTEM_ACTOR,
      write: { details: { deadline: application.paymentDeadline } },
    }),
    now,
    budget,
  );
}

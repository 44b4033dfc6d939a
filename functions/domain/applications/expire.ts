import { logger } from '@functions/commons/logger';
import { applicationPartitions, toApplicationRecord } from '@functions/data/applications';
import { readItems } from '@functions/data/query-window';
import { settingValue } from '../settings/settings';
import { applyStatusChange, StatusChangedError } from './status-change';

const PAGE = 100;
const PARALLEL = 10;
/** A run stops after this many; the next run (15 minutes later) carries on. */
export const MAX_EXPIRED_PER_RUN = 2000;

export interface ExpiryRun {
  expired: number;
  /** Already moved on by someone else (a race), as expected. */
  skipped: number;
  /** Could not be moved (logged one by one); the run went on with the others. */
  failed: number;
}

/**
 * Moves PENDING applications created more than `applicationExpiryHours` ago to EXPIRED: found by
 * a Query of the PENDING index below the cutoff (oldest first), each moved by its own conditional
 * transaction (still PENDING, still older than the cutoff), so two runs at once expire each
 * application exactly once and the loser of a race just skips it. One application that fails
 * does not stop the run: it is logged and counted, and the others are still expired.
 */
export async function expireStaleApplications(now = new Date()): Promise<ExpiryRun> {
  const hours = await settingValue('applicationExpiryHours');
  const cutoff = new Date(now.getTime() - hours * 3_600_000).toISOString();
  const partition = applicationPartitions.ofStatus('PENDING', cutoff);
  let expired = 0;
  let skipped = 0;
  let failed = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await readItems(partition, { forward: true, count: PAGE, startKey });
    startKey = page.lastKey;
    const records = page.items.map(toApplicationRecord);
    for (let start = 0; start < records.length; start += PARALLEL) {
      const results = await Promise.allSettled(
        records.slice(start, start + PARALLEL).map((application) =>
          applyStatusChange(
            {
              application,
              from: 'PENDING',
              to: 'EXPIRED',
              actor: { id: null, role: 'SYSTEM' },
              createdBefore: cutoff,
            },
            now,
          ),
        ),
      );
      results.forEach((result, index) => {
        if (result.status === 'fulfilled') expired += 1;
        else if (result.reason instanceof StatusChangedError) skipped += 1;
        else {
          failed += 1;
          logger.error('application not expired', {
            applicationId: records[start + index]!.id,
            error: result.reason as Error,
          });
        }
      });
    }
  } while (startKey && expired < MAX_EXPIRED_PER_RUN);
  return { expired, skipped, failed };
}

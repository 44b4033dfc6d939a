import { logger } from '@functions/commons/logger';
import { countMetric } from '@functions/commons/metrics';
import {
  listUnsentMails,
  markOutboxMailUnknown,
  type OutboxRecord,
  requeueOutboxMail,
} from '@functions/data/outbox';

/** A queued mail not picked up for this long lost its stream record (dropped after the retries). */
const QUEUED_STALE_MS = 5 * 60_000;
/** A failed mail is tried again after 5 minutes, then 10, 20, … at most every 160 minutes. */
const FAILED_BACKOFF_MS = 5 * 60_000;
const MAX_BACKOFF_DOUBLINGS = 5;
/** A claim older than this outlived any sender invocation (their timeout is one minute). */
const CLAIM_LEASE_MS = 15 * 60_000;
/** Mails older than this are left to an operator (every link they carry has expired by then). */
export const REDRIVE_WINDOW_MS = 24 * 3_600_000;
/** One run looks at no more than this many unsent mails; the next run carries on. */
const MAX_PER_RUN = 1000;

export interface RedriveRun {
  requeued: number;
  /** Claims that outlived the sender: marked `unknown`, never sent again by themselves. */
  unknown: number;
}

function dueFor(mail: OutboxRecord, nowMs: number): 'requeue' | 'unknown' | null {
  switch (mail.mailState) {
    case 'queued':
      return nowMs - Date.parse(mail.queuedAt) >= QUEUED_STALE_MS ? 'requeue' : null;
    case 'failed': {
      const backoff = FAILED_BACKOFF_MS * 2 ** Math.min(mail.redrives, MAX_BACKOFF_DOUBLINGS);
      return nowMs - Date.parse(mail.lastAttemptAt ?? mail.queuedAt) >= backoff ? 'requeue' : null;
    }
    case 'sending':
      return nowMs - Date.parse(mail.claimedAt ?? mail.queuedAt) >= CLAIM_LEASE_MS ? 'unknown' : null;
    default:
      return null;
  }
}

/**
 * Hands unsent mails of the last 24 hours back to the sender (the re-drive job, every 5 minutes):
 * a failed mail after its back-off, a queued one whose stream record was dropped after the
 * sender's retries. Re-queuing is a conditional write that the stream delivers to the sender,
 * so mail held back by an SES outage goes out once SES answers again, each mail once.
 */
export async function redriveMail(now = new Date()): Promise<RedriveRun> {
  const since = new Date(now.getTime() - REDRIVE_WINDOW_MS).toISOString();
  const run: RedriveRun = { requeued: 0, unknown: 0 };
  for (const mail of await listUnsentMails(MAX_PER_RUN, since)) {
    const due = dueFor(mail, now.getTime());
    if (due === 'requeue' && (await requeueOutboxMail(mail, now))) run.requeued += 1;
    if (
      due === 'unknown' &&
      mail.claimId &&
      (await markOutboxMailUnknown({ ...mail, claimId: mail.claimId }))
    ) {
      run.unknown += 1;
      countMetric('MailsFailed');
      logger.error('mail outcome unknown: claimed and never marked; not sent again by itself', {
        mailId: mail.id,
        kind: mail.kind,
        claimedAt: mail.claimedAt,
      });
    }
  }
  return run;
}

import { logger } from '@functions/commons/logger';
import { countMetric, gaugeMetric } from '@functions/commons/metrics';
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
  /** Age in whole minutes of the oldest mail still to be sent (`OldestUnsentMailMinutes`), 0 with none. */
  oldestUnsentMinutes: number;
}

/**
 * The age of the oldest mail still on its way (queued, failed or being sent) among `unsent`,
 * oldest first. A mail whose outcome is `unknown` is left out: it waits for an operator, not for
 * the sender, and was counted in `MailsFailed` when it was marked.
 */
function oldestUnsentMinutes(unsent: OutboxRecord[], nowMs: number): number {
  const oldest = unsent.find((mail) => mail.mailState !== 'unknown');
  return oldest ? Math.max(0, Math.floor((nowMs - Date.parse(oldest.createdAt)) / 60_000)) : 0;
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
 * so mail held back by an SES outage goes out once SES answers again, each mail once. Every run
 * records the age of the oldest mail still to be sent, from the same read (so within those 24
 * hours: an older mail is left to an operator, and the alarm on this figure has long fired).
 */
export async function redriveMail(now = new Date()): Promise<RedriveRun> {
  const since = new Date(now.getTime() - REDRIVE_WINDOW_MS).toISOString();
  const unsent = await listUnsentMails(MAX_PER_RUN, since);
  const run: RedriveRun = {
    requeued: 0,
    unknown: 0,
    oldestUnsentMinutes: oldestUnsentMinutes(unsent, now.getTime()),
  };
  gaugeMetric('OldestUnsentMailMinutes', run.oldestUnsentMinutes);
  for (const mail of unsent) {
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

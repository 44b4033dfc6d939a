import { logger } from '@functions/commons/logger';
import { countMetric, gaugeMetric } from '@functions/commons/metrics';
import {
  listUnsentItems,
  markOutboxItemUnknown,
  OUTBOX_CHANNELS,
  type OutboxChannel,
  type OutboxRecord,
  requeueOutboxItem,
} from '@functions/data/outbox';
import { CHANNEL_FIGURES } from './channels';

/** A queued item not picked up for this long lost its stream record (dropped after the retries). */
const QUEUED_STALE_MS = 5 * 60_000;
/** A failed item is tried again after 5 minutes, then 10, 20, … at most every 160 minutes. */
const FAILED_BACKOFF_MS = 5 * 60_000;
const MAX_BACKOFF_DOUBLINGS = 5;
/** A claim older than this outlived any sender invocation (their timeout is one minute). */
const CLAIM_LEASE_MS = 15 * 60_000;
/** Items older than this are left to an operator (every link a mail carries has expired by then). */
export const REDRIVE_WINDOW_MS = 24 * 3_600_000;
/** One run looks at no more than this many unsent items of a channel; the next run carries on. */
const MAX_PER_RUN = 1000;

export interface ChannelRedrive {
  requeued: number;
  /** Claims that outlived the sender: marked `unknown`, never sent again by themselves. */
  unknown: number;
  /** Age in whole minutes of the channel's oldest item still to be sent (its gauge), 0 with none. */
  oldestUnsentMinutes: number;
}

/** A re-drive run: its totals, and each channel's own. */
export interface RedriveRun extends ChannelRedrive {
  channels: Record<OutboxChannel, ChannelRedrive>;
}

/**
 * The age of the oldest item still on its way (queued, failed or being sent) among `unsent`,
 * oldest first. An item whose outcome is `unknown` is left out: it waits for an operator, not for
 * the sender, and was counted as its channel's failure when it was marked.
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
 * Hands unsent items of the last 24 hours back to the sender (the re-drive job, every 5 minutes),
 * each channel from its own unsent list: a failed item after its back-off, a queued one whose
 * stream record was dropped after the sender's retries. Re-queuing is a conditional write that the
 * stream delivers to the sender, so mail held back by an SES outage goes out once SES answers
 * again, each mail once. Every run records each channel's oldest item still to be sent, from the
 * same read (so within those 24 hours: an older one is left to an operator, and the alarm on this
 * figure has long fired).
 */
export async function redriveOutbox(now = new Date()): Promise<RedriveRun> {
  const run: RedriveRun = {
    requeued: 0,
    unknown: 0,
    oldestUnsentMinutes: 0,
    channels: {} as RedriveRun['channels'],
  };
  for (const channel of OUTBOX_CHANNELS) {
    const one = await redriveChannel(channel, now);
    run.channels[channel] = one;
    run.requeued += one.requeued;
    run.unknown += one.unknown;
    run.oldestUnsentMinutes = Math.max(run.oldestUnsentMinutes, one.oldestUnsentMinutes);
  }
  return run;
}

async function redriveChannel(channel: OutboxChannel, now: Date): Promise<ChannelRedrive> {
  const figures = CHANNEL_FIGURES[channel];
  const since = new Date(now.getTime() - REDRIVE_WINDOW_MS).toISOString();
  const unsent = await listUnsentItems(channel, MAX_PER_RUN, since);
  const run: ChannelRedrive = {
    requeued: 0,
    unknown: 0,
    oldestUnsentMinutes: oldestUnsentMinutes(unsent, now.getTime()),
  };
  gaugeMetric(figures.oldestUnsent, run.oldestUnsentMinutes);
  for (const item of unsent) {
    const due = dueFor(item, now.getTime());
    if (due === 'requeue' && (await requeueOutboxItem(item, now))) run.requeued += 1;
    if (
      due === 'unknown' &&
      item.claimId &&
      (await markOutboxItemUnknown({ ...item, claimId: item.claimId }))
    ) {
      run.unknown += 1;
      countMetric(figures.failed);
      logger.error('outbox item outcome unknown: claimed and never marked; not sent again by itself', {
        outboxId: item.id,
        channel,
        kind: item.kind,
        claimedAt: item.claimedAt,
      });
    }
  }
  return run;
}

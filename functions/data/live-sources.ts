import { keys } from './keys';

/**
 * What the fan-out's event source lets through (the live stack's filters; the local stream reader
 * applies the same): an application's own item, inserted or modified; a message, inserted; a
 * chain transfer whose new image is in the review state; a staff notice, inserted.
 */
export const LIVE_STREAM_SOURCES = {
  application: { pkPrefix: keys.applicationPrefix, sk: 'APP' },
  message: { pkPrefix: keys.applicationMessagesPrefix },
  chainTransfer: { pkPrefix: keys.chainTransferPrefix, state: 'review' },
  staffNotice: { pkPrefix: keys.staffNoticePrefix },
} as const;

/**
 * What the outbox sender's event source lets through (the mail stack's filter; the local stack's
 * stream reader wakes its sender on the same): an outbox item whose new image is queued, inserted
 * or queued again. The sender's own claim and outcome writes do not pass.
 */
export const OUTBOX_STREAM_SOURCE = { pkPrefix: keys.outboxPrefix, mailState: 'queued' } as const;

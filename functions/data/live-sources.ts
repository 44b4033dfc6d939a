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

/** How one queued outbox item (a mail or a Telegram call) ended in this invocation. */
export type SendOutcome =
  /** Already sent, suppressed or being sent by another invocation: nothing to do. */
  | 'skipped'
  | 'sent'
  /** The address is undeliverable (a bounce or complaint): recorded, not sent, not retried. */
  | 'suppressed'
  /** SES refused this mail alone: recorded as failed; the next mail may still go. */
  | 'rejected'
  /** SES failed or did not answer: recorded as failed, to be retried. */
  | 'failed'
  /**
   * A Telegram item whose chat is over Telegram's pace: left failed for the re-drive job; the batch
   * goes on (retrying at once would meet the same pace).
   */
  | 'deferred';

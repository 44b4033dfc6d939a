import { logger } from '@functions/commons/logger';
import { putUndeliverableAddress, type UndeliverableAddress } from '@functions/data/undeliverable';

/** The part of an SES sending event (the configuration set's event destination) this reads. */
export interface SesMailEvent {
  eventType?: string;
  bounce?: {
    bounceType?: string;
    bounceSubType?: string;
    bouncedRecipients?: Array<{ emailAddress?: string }>;
    timestamp?: string;
  };
  complaint?: {
    complainedRecipients?: Array<{ emailAddress?: string }>;
    complaintFeedbackType?: string;
    timestamp?: string;
  };
}

/**
 * Marks the addresses of a permanent bounce or of a complaint undeliverable, so the sender sends
 * them nothing more (each later mail is recorded as suppressed) and staff see it in the user's
 * detail. A transient bounce (mailbox full, a server down) marks nothing: SES already retried it,
 * and the next mail may well arrive. Answers the addresses marked.
 */
export async function recordMailFeedback(event: SesMailEvent, now = new Date()): Promise<string[]> {
  const marks = undeliverableAddresses(event, now);
  if (marks.length === 0) {
    logger.info('mail feedback needs no mark', {
      eventType: event.eventType,
      bounceType: event.bounce?.bounceType,
    });
    return [];
  }
  for (const mark of marks) await putUndeliverableAddress(mark);
  logger.warn('addresses marked undeliverable', { reason: marks[0]!.reason, count: marks.length });
  return marks.map((mark) => mark.email);
}

function undeliverableAddresses(event: SesMailEvent, now: Date): UndeliverableAddress[] {
  if (event.eventType === 'Bounce' && event.bounce?.bounceType === 'Permanent') {
    const { bounce } = event;
    return marksFor(bounce.bouncedRecipients, {
      reason: 'bounce',
      detail: [bounce.bounceType, bounce.bounceSubType].filter(Boolean).join('/'),
      at: bounce.timestamp ?? now.toISOString(),
    });
  }
  if (event.eventType === 'Complaint' && event.complaint) {
    const { complaint } = event;
    return marksFor(complaint.complainedRecipients, {
      reason: 'complaint',
      detail: complaint.complaintFeedbackType ?? null,
      at: complaint.timestamp ?? now.toISOString(),
    });
  }
  return [];
}

function marksFor(
  recipients: Array<{ emailAddress?: string }> | undefined,
  mark: Omit<UndeliverableAddress, 'email'>,
): UndeliverableAddress[] {
  return (recipients ?? [])
    .map((recipient) => recipient.emailAddress?.trim())
    .filter((email): email is string => Boolean(email))
    .map((email) => ({ ...mark, email }));
}

import type { EventBridgeEvent } from 'aws-lambda';
import { logger, withLogContext } from '../commons/logger';
import { recordMailFeedback, type SesMailEvent } from '../domain/outbox/feedback';

/**
 * SES bounce and complaint events of the configuration set every mail is sent with, through
 * EventBridge's default bus (manifest `workers.mailFeedback`). A failure is retried by
 * EventBridge and Lambda, then kept in the feedback dead-letter queue.
 */
export const handler = withLogContext(
  async (
    event: EventBridgeEvent<'Email Bounced' | 'Email Complaint Received', SesMailEvent>,
  ): Promise<{ marked: number }> => {
    const marked = await recordMailFeedback(event.detail);
    logger.info('mail feedback recorded', { detailType: event['detail-type'], marked: marked.length });
    return { marked: marked.length };
  },
);

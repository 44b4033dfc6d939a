import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { withInvocationMemo } from '../commons/invocation-memo';
import { logger, withLogContext } from '../commons/logger';
import { sendOutboxItems } from '../domain/outbox/sender';

/**
 * The outbox sender (manifest `workers.sendMail`): the table's stream, filtered to outbox items
 * whose new image is `queued`, in batches. Answers the records to retry (partial batch failure
 * reporting); Lambda retries them a bounded number of times, then records the batch in the mail
 * dead-letter queue, and the re-drive job queues the mails again later (docs/operations.md). The
 * batch's mails read each setting they are written with once (the business time zone).
 */
export const handler = withLogContext(
  withInvocationMemo(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const records = event.Records.flatMap((record) => {
      const id = record.dynamodb?.NewImage?.id?.S;
      const sequence = record.dynamodb?.SequenceNumber;
      return id && sequence ? [{ id, sequence }] : [];
    });
    const retry = new Set(await sendOutboxItems(records.map((record) => record.id)));
    const failures = records.filter((record) => retry.has(record.id));
    if (failures.length > 0) logger.warn('outbox batch: items to retry', { count: failures.length });
    return { batchItemFailures: failures.map((record) => ({ itemIdentifier: record.sequence })) };
  }),
);

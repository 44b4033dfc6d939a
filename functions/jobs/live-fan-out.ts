import type { DynamoDBStreamEvent } from 'aws-lambda';
import { logger, withLogContext } from '../commons/logger';
import { pushStreamRecords } from '../domain/live/fan-out';

/**
 * The live fan-out (manifest `workers.liveFanOut`): the table's stream, filtered to applications,
 * new messages and chain transfers entering review, turned into notices for the owners' and staff's
 * WebSocket connections (docs/architecture.md "Live push"). A notice is a hint to refetch, so one
 * that could not be sent is logged rather than retried: the screens' polling is the fallback.
 */
export const handler = withLogContext(async (event: DynamoDBStreamEvent): Promise<void> => {
  const result = await pushStreamRecords(event.Records);
  if (result.failed > 0) logger.warn('live fan-out: notices not sent', { ...result });
});

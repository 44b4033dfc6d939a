import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ApiError } from '../commons/errors';
import { logger } from '../commons/logger';
import { db, tableName } from './client';
import { keys } from './keys';

/** One cheap read that proves the table answers; 503 when it does not. */
export async function checkDatabase(): Promise<void> {
  try {
    await db.send(new GetCommand({ TableName: tableName, Key: keys.setting('minApplicationAmountUSD') }));
  } catch (error) {
    logger.warn('database check failed', error as Error);
    throw new ApiError(503, 'Database unavailable.');
  }
}

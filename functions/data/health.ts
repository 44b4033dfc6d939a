import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { logger } from '@functions/commons/logger';
import { db, tableName } from './client';
import { keys } from './keys';

/** One cheap read that proves the table answers. */
export async function tableAnswers(): Promise<boolean> {
  try {
    await db.send(new GetCommand({ TableName: tableName, Key: keys.setting('minApplicationAmountUSD') }));
    return true;
  } catch (error) {
    logger.warn('database check failed', error as Error);
    return false;
  }
}

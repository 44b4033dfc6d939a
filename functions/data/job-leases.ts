import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { keys } from './keys';

/**
 * A scheduled job's lease (keys.ts pattern 44): held by one run at a time, until its timeout, so
 * two runs of a job never work at once (a slow run and the next schedule, a retry, the local timer).
 */

/** Takes the job's lease until `untilMs` (epoch ms); false when another run holds it. */
export async function acquireJobLease(job: string, holder: string, untilMs: number, nowMs: number) {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.jobLease(job),
        UpdateExpression: 'SET holder = :holder, untilMs = :until, startedAt = :started',
        ConditionExpression: 'attribute_not_exists(pk) OR untilMs <= :now',
        ExpressionAttributeValues: {
          ':holder': holder,
          ':until': untilMs,
          ':started': new Date(nowMs).toISOString(),
          ':now': nowMs,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives the lease back, if this run still holds it. */
export async function releaseJobLease(job: string, holder: string): Promise<void> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName,
        Key: keys.jobLease(job),
        ConditionExpression: 'holder = :holder',
        ExpressionAttributeValues: { ':holder': holder },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

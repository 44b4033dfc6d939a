import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { requireEnv } from '@functions/commons/config';

/**
 * One document client per container, created at module load without any network or credential
 * call. Locally the SDK's own `AWS_ENDPOINT_URL_DYNAMODB` variable points it at DynamoDB Local.
 */
export const tableName = requireEnv('TABLE_NAME');

export const db = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});

/**
 * The same table read with each number as its exact decimal text (a string): the reports'
 * sums of minor units may pass 2^53, where a JS number stops being exact. A client of its own: a
 * document client keeps its options on the client it wraps, so two cannot share one.
 */
export const exactDb = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  unmarshallOptions: { wrapNumbers: (text: string) => text },
});

/** Whether a write was refused because its ConditionExpression did not hold (an expected outcome). */
export function isConditionFailure(error: unknown): boolean {
  return (error as Error | undefined)?.name === 'ConditionalCheckFailedException';
}

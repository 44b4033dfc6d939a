import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** DynamoDB calls and read/write capacity units consumed through one client since the last reset. */
export interface CapacityMeter {
  readonly calls: number;
  readonly capacity: number;
  reset(): void;
}

/**
 * Asks DynamoDB for ReturnConsumedCapacity TOTAL on every call of the document client and sums
 * what it reports: the real cost of the calls, measured on DynamoDB Local.
 */
export function meterConsumedCapacity(client: DynamoDBDocumentClient): CapacityMeter {
  let calls = 0;
  let capacity = 0;
  client.middlewareStack.add(
    (next) => async (args) => {
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      for (const entry of [consumed].flat()) {
        capacity += Number((entry as { CapacityUnits?: number } | undefined)?.CapacityUnits ?? 0);
      }
      calls += 1;
      return result;
    },
    { step: 'initialize', name: 'meterConsumedCapacity' },
  );
  return {
    get calls() {
      return calls;
    },
    get capacity() {
      return capacity;
    },
    reset() {
      calls = 0;
      capacity = 0;
    },
  };
}

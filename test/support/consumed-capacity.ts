import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** DynamoDB calls and read/write capacity units consumed through one client since the last reset. */
export interface CapacityMeter {
  readonly calls: number;
  /** Read and write units together. */
  readonly capacity: number;
  /** Units of the read calls (Get, Query, BatchGet, TransactGet): on-demand read request units. */
  readonly readUnits: number;
  /** Units of the write calls (Put, Update, Delete, BatchWrite, TransactWrite): write request units. */
  readonly writeUnits: number;
  reset(): void;
}

const READ_COMMAND = /^(Get|Query|Scan|BatchGet|TransactGet)/;

/**
 * Asks DynamoDB for ReturnConsumedCapacity TOTAL on every call of the document client and sums
 * what it reports: the real cost of the calls, measured on DynamoDB Local. DynamoDB reports one
 * figure per call, so the call decides whether its units are read or write units (a transaction's
 * condition checks count with its writes).
 */
export function meterConsumedCapacity(client: DynamoDBDocumentClient): CapacityMeter {
  let calls = 0;
  let readUnits = 0;
  let writeUnits = 0;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      let units = 0;
      for (const entry of [consumed].flat()) {
        units += Number((entry as { CapacityUnits?: number } | undefined)?.CapacityUnits ?? 0);
      }
      if (READ_COMMAND.test(context.commandName ?? '')) readUnits += units;
      else writeUnits += units;
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
      return readUnits + writeUnits;
    },
    get readUnits() {
      return readUnits;
    },
    get writeUnits() {
      return writeUnits;
    },
    reset() {
      calls = 0;
      readUnits = 0;
      writeUnits = 0;
    },
  };
}

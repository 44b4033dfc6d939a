import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { vi } from 'vitest';

export const INJECTED_FAULT = 'injected fault';

/**
 * Makes the next TransactWriteItems sent through `db` fail the way a DynamoDB or network fault
 * would (an error that is no cancellation, so no code path takes it for a lost race and retries),
 * then puts the client back; every other command goes through. Pass the document client of
 * functions/data/client as the test file imported it: files on an isolated table import it
 * dynamically, after setting TABLE_NAME, so this module must not import it.
 */
export function failNextTransaction(db: DynamoDBDocumentClient) {
  const send = db.send.bind(db);
  const spy = vi.spyOn(db, 'send').mockImplementation(((command: { constructor: { name: string } }) => {
    if (command.constructor.name === 'TransactWriteCommand') {
      spy.mockRestore();
      return Promise.reject(new Error(INJECTED_FAULT));
    }
    return send(command as never);
  }) as never);
  return spy;
}

/**
 * Runs `meanwhile` just before the next TransactWriteItems sent through `db` goes out, then sends
 * it: a write landing between a change's reads and its commit, the way a racing request would,
 * with no timing involved. The client is put back first, so `meanwhile` writes through it as usual.
 */
export function beforeNextTransaction(db: DynamoDBDocumentClient, meanwhile: () => Promise<unknown>) {
  const send = db.send.bind(db);
  const spy = vi.spyOn(db, 'send').mockImplementation((async (command: { constructor: { name: string } }) => {
    if (command.constructor.name === 'TransactWriteCommand') {
      spy.mockRestore();
      await meanwhile();
    }
    return send(command as never);
  }) as never);
  return spy;
}

const READS = new Set(['GetCommand', 'QueryCommand', 'ScanCommand', 'BatchGetCommand', 'TransactGetCommand']);

/**
 * Runs `action` and answers the DynamoDB writes it sent through `db`, by command name, in order.
 * A change that must be all-or-nothing answers ['TransactWriteCommand']: a second write (or a
 * plain Put/Update beside the transaction) could fail on its own, which failing only the first
 * transaction would not show.
 */
export async function writesOf(
  db: DynamoDBDocumentClient,
  action: () => Promise<unknown>,
): Promise<string[]> {
  const writes: string[] = [];
  const send = db.send.bind(db);
  const spy = vi.spyOn(db, 'send').mockImplementation(((command: { constructor: { name: string } }) => {
    if (!READS.has(command.constructor.name)) writes.push(command.constructor.name);
    return send(command as never);
  }) as never);
  try {
    await action();
  } finally {
    spy.mockRestore();
  }
  return writes;
}

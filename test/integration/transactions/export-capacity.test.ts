import { randomUUID } from 'node:crypto';
import type { MovementRecord } from '@functions/data/movements';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../support/users';
import { newUser } from '../applications/fixtures';
import { readCsv } from './csv-reader';
import { exportFile } from './export-files';
import { movementAt, pastPeriod, putMovements } from './seed-movements';

/**
 * A period of 100,000 movements exports whole (docs/product.md §2 "Exports"): no cut, one row each.
 * The movements are written straight into the table (BatchWriteItem, several at once) in a period of
 * this file's own; they are the parts of 1,000 deals, so the worker reads each deal once, as a busy
 * month's movements do. On DynamoDB Local with two cores the writing takes about two minutes and
 * the export under one (its pages of 1,000 are read one after another).
 */
const MOVEMENTS = 100_000;
const DEALS = 1_000;
const DIRECTIONS = ['in', 'out', 'refund', 'reversal'] as const;
const period = await pastPeriod(30);

let manager: TestUser;

beforeAll(async () => {
  manager = await newUser({ role: 'MANAGER' });
  const deals = Array.from({ length: DEALS }, () => ({ applicationId: randomUUID(), userId: randomUUID() }));
  const movements: MovementRecord[] = Array.from({ length: MOVEMENTS }, (_, index) => {
    const deal = deals[index % DEALS]!;
    const direction = DIRECTIONS[Math.floor(index / DEALS) % 4]!;
    // Each deal's movements of one direction are its parts #1 … #25.
    const part = Math.floor(index / (DEALS * 4)) + 1;
    const movement = movementAt(period, 0, {
      direction,
      currency: 'RUB',
      staffId: manager.id,
      amount: 1 + index / 100,
    });
    return {
      ...movement,
      ...deal,
      id: `${deal.applicationId}#${direction}${part > 1 ? `#${part}` : ''}`,
      at: new Date(Date.parse(movement.at) + index * 25_000).toISOString(),
    };
  });
  // Several writers at once; DynamoDB Local takes about a thousand such items a second here anyway.
  const writers = 4;
  const share = Math.ceil(MOVEMENTS / writers);
  await Promise.all(
    Array.from({ length: writers }, (_, writer) =>
      putMovements(movements.slice(writer * share, (writer + 1) * share)),
    ),
  );
}, 300_000);

describe('an export of 100,000 movements', () => {
  it('holds every one of them, one row each', async () => {
    // About 40 s on an idle machine; beside the other lanes of npm test it took over 120 s once.
    const { job, bytes } = await exportFile(manager, { ...period, format: 'csv', language: 'en' }, 300_000);

    expect(job.rows).toBe(MOVEMENTS);
    const [header, ...rows] = readCsv(bytes.subarray(3).toString('utf8'));
    expect(header![1]).toBe('Deal');
    expect(rows).toHaveLength(MOVEMENTS);
    expect(new Set(rows.map((row) => `${row[0]}#${row[1]}#${row[4]}`)).size).toBe(MOVEMENTS);
  }, 360_000);
});

import { randomBytes } from 'node:crypto';
import { recordChainTransfer } from '@functions/data/chain-transfers';
import { hexToTronAddress } from '@functions/data/tron';
import { adminChainReview } from '@shared/routes/chain';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api';
import type { TestUser } from '../../support/users';
import { createApplication, newUser } from '../applications/fixtures';

/**
 * GET /admin/chain/review over the shared stack: transfers the watcher left for staff are put in
 * the table directly (the watcher itself is tested in watcher.test.ts on a table of its own).
 */
let manager: TestUser;
let client: TestUser;

beforeAll(async () => {
  [manager, client] = await Promise.all([newUser({ role: 'MANAGER' }), newUser()]);
});

const address = () => hexToTronAddress(`41${randomBytes(20).toString('hex')}`);

async function waitingTransfer(reason: 'overpaid' | 'unknown', applicationId: string | null) {
  const txId = randomBytes(32).toString('hex');
  const recorded = await recordChainTransfer({
    txId,
    from: address(),
    to: address(),
    amount: '510.000000',
    value: '510000000',
    blockTimestamp: Date.now() - 60_000,
    seenAt: new Date().toISOString(),
    state: 'review',
    reason,
    applicationId,
    confirmedAt: null,
  });
  expect(recorded).toBe(true);
  return txId;
}

describe('GET /admin/chain/review', () => {
  it('lists the transfers waiting for staff with their reason and application', async () => {
    const application = await createApplication(client);
    const overpaid = await waitingTransfer('overpaid', application.id);
    const unknown = await waitingTransfer('unknown', null);

    const answer = await call(adminChainReview, { token: manager.token });
    expect(answer.status).toBe(200);
    const byTx = new Map(answer.body.data!.transfers.map((transfer) => [transfer.txId, transfer]));
    expect(byTx.get(overpaid)).toMatchObject({
      reason: 'overpaid',
      amount: '510.000000',
      application: { id: application.id, status: 'PENDING', payableAmount: null },
    });
    expect(byTx.get(unknown)).toMatchObject({ reason: 'unknown', application: null });
  });

  it('is staff only', async () => {
    expect((await call(adminChainReview, { token: client.token })).status).toBe(403);
    expect((await call(adminChainReview, {})).status).toBe(401);
  });
});

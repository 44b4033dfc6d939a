import { randomBytes } from 'node:crypto';
import { recordChainTransfer } from '@functions/data/chain-transfers';
import { hexToTronAddress } from '@functions/data/tron';
import { adminAttachChainTransfer, adminChainReview, adminRefundChainTransfer } from '@shared/routes/chain';
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

  it('records a refund with its hash, once, and takes the transfer off the list', async () => {
    const txId = await waitingTransfer('unknown', null);
    const hash = randomBytes(32).toString('hex');
    const refunded = await call(adminRefundChainTransfer, {
      token: manager.token,
      params: { txId },
      body: { txHash: hash },
    });
    expect(refunded.status).toBe(200);
    expect(refunded.body.data).toMatchObject({ txId, resolution: 'refunded', refundTxHash: hash });
    const list = await call(adminChainReview, { token: manager.token });
    expect(list.body.data!.transfers.map((one) => one.txId)).not.toContain(txId);
    const again = await call(adminRefundChainTransfer, {
      token: manager.token,
      params: { txId },
      body: { txHash: hash },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ChainTransferNotWaiting');
    const bad = await call(adminRefundChainTransfer, {
      token: manager.token,
      params: { txId },
      body: { txHash: 'not-a-hash' },
    });
    expect(bad.status).toBe(400);
    expect(
      (
        await call(adminRefundChainTransfer, {
          token: client.token,
          params: { txId },
          body: { txHash: hash },
        })
      ).status,
    ).toBe(403);
  });

  it('attaches only an existing transfer to an application waiting for its payment', async () => {
    const pending = await createApplication(client);
    const txId = await waitingTransfer('overpaid', null);
    const notWaiting = await call(adminAttachChainTransfer, {
      token: manager.token,
      params: { txId },
      body: { applicationId: pending.id },
    });
    expect(notWaiting.status).toBe(409);
    expect(notWaiting.body.code).toBe('ChainTransferNotAttachable');
    const noApplication = await call(adminAttachChainTransfer, {
      token: manager.token,
      params: { txId },
      body: { applicationId: 'no-such-application' },
    });
    expect(noApplication.status).toBe(404);
    const noTransfer = await call(adminAttachChainTransfer, {
      token: manager.token,
      params: { txId: 'f'.repeat(64) },
      body: { applicationId: pending.id },
    });
    expect(noTransfer.status).toBe(404);
    expect(noTransfer.body.code).toBe('ChainTransferNotFound');
    expect(
      (
        await call(adminAttachChainTransfer, {
          token: client.token,
          params: { txId },
          body: { applicationId: pending.id },
        })
      ).status,
    ).toBe(403);
  });
});

import { postToTronStandIn } from '@infra/local/tron-stand-in';
import type { LedgerAccountView } from '@shared/contract/ledger';
import {
  adminAdjustLedgerAccount,
  adminCreateLedgerAccount,
  adminGetLedgerAccount,
  adminListLedgerAccounts,
} from '@shared/routes/ledger';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, runId } from '../../support/api';
import type { TestUser } from '../../support/users';
import { newUser } from '../applications/fixtures';
import { newTronAddress } from '../chain/chain-table';

/**
 * A USDT wallet's balance read from the chain (`balanceOf` through the TronGrid stand-in) beside
 * the booked one, over HTTP: equal, different (flagged by the difference), and unavailable when
 * the provider fails, never a 500. The wallet's address is this file's own.
 */
const tronUrl = inject('localStack').tronApiUrl;
const standIn = <T = unknown>(path: string, body: unknown = {}) => postToTronStandIn<T>(tronUrl, path, body);

let admin: TestUser;
let manager: TestUser;
let address: string;
let wallet: LedgerAccountView;

beforeAll(async () => {
  [admin, manager] = await Promise.all([newUser({ role: 'ADMIN' }), newUser({ role: 'MANAGER' })]);
  address = newTronAddress();
  const opened = await call(adminCreateLedgerAccount, {
    token: admin.token,
    body: {
      name: `Hot wallet ${runId()}`,
      kind: 'wallet',
      currency: 'USDT',
      assets: ['usdt-trc20'],
      address,
    },
  });
  wallet = opened.body.data as LedgerAccountView;
  await call(adminAdjustLedgerAccount, {
    token: admin.token,
    params: { id: wallet.id },
    body: { amount: '1000.5', reason: 'What the wallet held when the books started', opening: true },
  });
  await standIn('/_local/transfers', { to: address, amount: '1000.5' });
});

const listed = async () => {
  const answer = await call(adminListLedgerAccounts, { token: manager.token });
  expect(answer.status).toBe(200);
  return answer.body.data!.accounts.find((account) => account.id === wallet.id)!;
};

describe("a USDT wallet's balance on chain", () => {
  it('stands beside the booked one, with no difference when they agree', async () => {
    expect(await listed()).toMatchObject({
      balance: '1000.500000',
      chain: { balance: '1000.500000', difference: '0.000000' },
    });
  });

  it('shows the difference when the chain holds another amount, in the list and the trail', async () => {
    await standIn('/_local/transfers', { to: address, amount: '0.25' });

    expect((await listed()).chain).toEqual({ balance: '1000.750000', difference: '0.250000' });
    const trail = await call(adminGetLedgerAccount, { token: manager.token, params: { id: wallet.id } });
    expect(trail.body.data!.account.chain).toEqual({ balance: '1000.750000', difference: '0.250000' });
  });

  it('reads "unavailable" when the provider fails, and the page still answers', async () => {
    await standIn('/_local/fail', { status: 500, times: 1, match: address });

    expect((await listed()).chain).toEqual({ balance: null, difference: null });
  });

  it("is not read for an account that is not an office USDT wallet (its opening's equity)", async () => {
    const answer = await call(adminListLedgerAccounts, { token: manager.token });

    const equity = answer.body.data!.accounts.find((account) => account.id === 'equity-USDT')!;
    expect(equity.side).toBe('books');
    expect(equity.chain).toBeUndefined();
  });
});

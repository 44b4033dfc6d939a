import { randomBytes } from 'node:crypto';
import { hexToTronAddress } from '@functions/data/tron';
import { postToTronStandIn } from '@infra/local/tron-stand-in';
import { add, compare, subtract, unitsText } from '@shared/money';
import {
  adminConfirmPayment,
  adminGetApplication,
  adminIssueInstructions,
  adminRecordPayout,
} from '@shared/routes/admin-applications';
import { getMyApplication, markPaid, setPayoutDetails } from '@shared/routes/applications';
import { adminCreatePaymentTemplate } from '@shared/routes/payment-templates';
import { adminListReserves } from '@shared/routes/reserves';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from '../../support/api';
import type { TestUser } from '../../support/users';
import { createApplication, newUser, setStatus, standardBody } from '../applications/fixtures';

/**
 * A USDT hash read on chain (docs/product.md §4 "USDT on chain") over HTTP,
 * against the shared stack's TronGrid stand-in (infra/local/tron-stand-in.ts): the client's "I have
 * paid" hash confirms at once when it pays the instructions' wallet exactly; anything else is stated
 * and left PAID; staff's payout hash completes the deal when it pays the client's address the
 * receive amount, else it is flagged and stays EXCHANGING. The wallet and every address are this
 * file's own; a failure is asked only for this test's transaction, so files beside it are untouched.
 */
const tronUrl = inject('localStack').tronApiUrl;
let manager: TestUser;
let wallet: string;
let templateId: string;

/** A fresh, valid TRON address: 0x41, 20 random bytes and the checksum. */
function freshAddress(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return hexToTronAddress(`41${Buffer.from(bytes).toString('hex')}`);
}

const standIn = <T = unknown>(path: string, body: unknown = {}) => postToTronStandIn<T>(tronUrl, path, body);

/** A USDT transfer on the stand-in, solidified unless asked not to; its transaction id. */
async function transfer(
  to: string,
  amount: string,
  options: { solidify?: boolean; from?: string } = {},
): Promise<string> {
  const { txId } = await standIn<{ txId: string }>('/_local/transfers', {
    to,
    amount,
    ...(options.from ? { from: options.from } : {}),
  });
  if (options.solidify !== false) await standIn('/_local/solidify');
  return txId;
}

beforeAll(async () => {
  const admin = await newUser({ role: 'ADMIN' });
  manager = await newUser({ role: 'MANAGER' });
  wallet = freshAddress();
  const template = await call(adminCreatePaymentTemplate, {
    token: admin.token,
    body: { kind: 'usdt', label: `Chain check wallet ${Date.now()}`, address: wallet },
  });
  expect(template.status).toBe(201);
  templateId = template.body.data!.id;
});

const clientView = (client: TestUser, id: string) =>
  call(getMyApplication, { token: client.token, params: { id } });
const staffView = (id: string) => call(adminGetApplication, { token: manager.token, params: { id } });
const paid = (client: TestUser, id: string, txHash: string) =>
  call(markPaid, { token: client.token, params: { id }, body: { txHash } });

/** A USDT → card application of a new client, instructions issued on this file's wallet: the payable amount. */
async function payingUsdt(): Promise<{ client: TestUser; id: string; amount: string }> {
  const client = await newUser({ language: 'en' });
  const application = await createApplication(
    client,
    standardBody({ assetFrom: 'usdt-trc20', assetTo: 'card-EUR', amount: 300 }),
  );
  const given = await call(setPayoutDetails, {
    token: client.token,
    params: { id: application.id },
    body: { card: '4111 1111 1111 1111' },
  });
  expect(given.status).toBe(200);
  expect((await setStatus(manager, application.id, 'PROCESSING')).status).toBe(200);
  const issued = await call(adminIssueInstructions, {
    token: manager.token,
    params: { id: application.id },
    body: { text: 'Send USDT (TRC-20) to the wallet shown.', templateId },
  });
  expect(issued.status).toBe(200);
  const crypto = issued.body.data!.instructions!.crypto!;
  expect(crypto.address).toBe(wallet);
  // The payable amount, made unique on the wallet: a decimal string such as "300.0037".
  return { client, id: application.id, amount: crypto.amount };
}

describe('"I have paid" with a USDT hash', () => {
  it('confirms at once when the final transaction pays the wallet exactly: CONFIRMED by the system, the payment recorded', async () => {
    const { client, id, amount } = await payingUsdt();
    const txId = await transfer(wallet, amount);

    const marked = await paid(client, id, txId);

    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({
      status: 'CONFIRMED',
      clientPaid: { txHash: txId, chainCheck: { state: 'matched' } },
    });
    expect(marked.body.data!.timeline.slice(-2)).toEqual([
      expect.objectContaining({ status: 'PAID', actor: 'client' }),
      expect.objectContaining({ status: 'CONFIRMED', actor: 'system' }),
    ]);
    const staff = (await staffView(id)).body.data!;
    expect(staff).toMatchObject({
      status: 'CONFIRMED',
      clientPaid: { chainCheck: { state: 'matched' } },
      paymentConfirmation: { txHash: txId, by: 'system' },
    });
  });

  it.each([
    ['wrongAmount', (amount: string) => ({ to: wallet, sent: plus(amount, '-0.0001') })],
    ['wrongWallet', (amount: string) => ({ to: freshAddress(), sent: amount })],
  ])('stays PAID and states %s when the transaction pays otherwise', async (reason, wrong) => {
    const { client, id, amount } = await payingUsdt();
    const { to, sent } = wrong(amount);
    const txId = await transfer(to, sent);

    const marked = await paid(client, id, txId);

    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({
      status: 'PAID',
      clientPaid: { txHash: txId, chainCheck: { state: 'mismatch', reason } },
    });
    expect((await staffView(id)).body.data).toMatchObject({
      status: 'PAID',
      clientPaid: { chainCheck: { state: 'mismatch', reason } },
      paymentConfirmation: null,
    });
    // Staff confirm by hand once they have looked: a transfer of this deal records what the chain
    // moved (0.0001 short: the deal shows it), one to another wallet is not this deal's money.
    const confirmed = await call(adminConfirmPayment, { token: manager.token, params: { id }, body: {} });
    expect(confirmed.body.data).toMatchObject(
      reason === 'wrongAmount'
        ? { status: 'PAID', money: { gap: 'short', difference: '0.000100' } }
        : { status: 'CONFIRMED', money: { gap: 'exact' } },
    );
  });

  it('stays PAID, unverified, while the transaction is not final', async () => {
    const { client, id, amount } = await payingUsdt();
    const txId = await transfer(wallet, amount, { solidify: false });

    const marked = await paid(client, id, txId);

    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({
      status: 'PAID',
      clientPaid: { chainCheck: { state: 'unverified', reason: 'notFinal' } },
    });
    await standIn('/_local/solidify');
  });

  it('answers 200, PAID and unverified, when the provider fails', async () => {
    const { client, id, amount } = await payingUsdt();
    const txId = await transfer(wallet, amount);
    await standIn('/_local/fail', { status: 500, times: 2, match: txId });

    const marked = await paid(client, id, txId);

    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({
      status: 'PAID',
      clientPaid: { txHash: txId, chainCheck: { state: 'unverified', reason: 'providerFailed' } },
    });
    expect((await clientView(client, id)).body.data!.status).toBe('PAID');
  });
});

/** A card-EUR → USDT application of a new client with a payout address, confirmed: staff pay out next. */
async function confirmedForPayout(): Promise<{ id: string; address: string; amountTo: number }> {
  const client = await newUser({ language: 'en' });
  const address = freshAddress();
  const application = await createApplication(client, standardBody({ amount: 400 }));
  expect(
    (await call(setPayoutDetails, { token: client.token, params: { id: application.id }, body: { address } }))
      .status,
  ).toBe(200);
  expect((await setStatus(manager, application.id, 'PROCESSING')).status).toBe(200);
  const issued = await call(adminIssueInstructions, {
    token: manager.token,
    params: { id: application.id },
    body: { text: 'Pay by SEPA to ES91 2100 0418 4502 0005 1332.' },
  });
  expect(issued.status).toBe(200);
  const confirmed = await call(adminConfirmPayment, {
    token: manager.token,
    params: { id: application.id },
    body: { note: 'SEPA arrived' },
  });
  expect(confirmed.body.data!.status).toBe('CONFIRMED');
  return { id: application.id, address, amountTo: confirmed.body.data!.amountTo! };
}

const payout = (id: string, txHash: string) =>
  call(adminRecordPayout, { token: manager.token, params: { id }, body: { txHash } });
const reserveOf = async (code: string) => {
  const answer = await call(adminListReserves, { token: manager.token });
  return answer.body.data!.reserves.find((reserve) => reserve.code === code)!.amount;
};

describe('a USDT payout hash', () => {
  it('completes the deal by itself when it pays the client the receive amount, the reserves moving', async () => {
    const { id, address, amountTo } = await confirmedForPayout();
    const usdtBefore = await reserveOf('USDT');
    // Paid out from the office's own wallet (a USDT template's address).
    const txId = await transfer(address, String(amountTo), { from: wallet });

    const recorded = await payout(id, txId);

    expect(recorded.status).toBe(200);
    expect(recorded.body.data).toMatchObject({
      status: 'COMPLETED',
      payout: { txHash: txId, chainCheck: { state: 'matched' } },
    });
    expect(recorded.body.data!.history.slice(-2)).toEqual([
      expect.objectContaining({ to: 'EXCHANGING', actorRole: 'MANAGER' }),
      expect.objectContaining({ to: 'COMPLETED', actorRole: 'SYSTEM' }),
    ]);
    expect(compare(await reserveOf('USDT'), subtract(usdtBefore, amountTo))).toBe(0);
  });

  it.each([
    ['wrongAmount', 'mismatch'],
    ['notFound', 'mismatch'],
  ])('is flagged (%s) and the deal stays EXCHANGING for staff', async (reason, state) => {
    const { id, address, amountTo } = await confirmedForPayout();
    const usdtBefore = await reserveOf('USDT');
    const txId =
      reason === 'notFound'
        ? randomBytes(32).toString('hex')
        : await transfer(address, plus(String(amountTo), '-1'), { from: wallet });

    const recorded = await payout(id, txId);

    expect(recorded.status).toBe(200);
    expect(recorded.body.data).toMatchObject({
      status: 'EXCHANGING',
      payout: { txHash: txId, chainCheck: { state, reason } },
    });
    expect(await reserveOf('USDT')).toBe(usdtBefore);
    // What the chain moved is what went out: one short of what is owed, the deal does not complete
    // until the rest goes out (or an ADMIN closes it with the difference); an unknown hash stands as typed.
    expect(recorded.body.data!.money.payoutLeft).toBe(reason === 'wrongAmount' ? '1.000000' : '0.00');
    expect((await setStatus(manager, id, 'COMPLETED')).status).toBe(reason === 'wrongAmount' ? 409 : 200);
  });

  it('names what the payout moved and what was due when it moved another amount', async () => {
    const { id, address, amountTo } = await confirmedForPayout();
    const sent = plus(String(amountTo), '-1');
    const txId = await transfer(address, sent, { from: wallet });

    const recorded = await payout(id, txId);

    expect(recorded.body.data!.payout!.chainCheck).toMatchObject({
      state: 'mismatch',
      reason: 'wrongAmount',
      sent: plus(sent, '0.000000'),
      due: String(amountTo),
    });
  });
});

/** `amount` + `delta`, exactly, written out as the stand-in takes it ("299.9999"). */
function plus(amount: string, delta: string): string {
  const { units, scale } = add(amount, delta);
  return unitsText(units, scale);
}

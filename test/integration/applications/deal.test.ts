import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type MovementDirection, movementId } from '@functions/data/movements';
import type { ApplicationView } from '@shared/contract/applications';
import {
  adminChangeApplicationStatus,
  adminConfirmPayment,
  adminGetApplication,
  adminIssueInstructions,
  adminRecordPayout,
  adminRecordRefund,
  adminReversePayout,
} from '@shared/routes/admin-applications';
import {
  cancelMyApplication,
  getMyApplication,
  markPaid,
  setPayoutDetails,
} from '@shared/routes/applications';
import { adminCreatePaymentTemplate } from '@shared/routes/payment-templates';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, call } from '../../support/api';
import { mailsTo } from '../../support/mail';
import { refusal } from '../../support/refusals';
import type { TestUser } from '../../support/users';
import { createApplication, individualBody, newUser, setStatus, standardBody } from './fixtures';

/**
 * The deal on the site (docs/product.md §4 "The deal"): every move of shared/lifecycle.ts over
 * HTTP, by the mover it belongs to, and every refusal — the wrong mover, the wrong status, past the
 * deadline, twice, and a cancel racing a confirmation.
 */
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** Each test's own transactions: a transaction is used once (the register of used transactions). */
let TX_IN: string;
let TX_OUT: string;
beforeEach(() => {
  TX_IN = randomBytes(32).toString('hex');
  TX_OUT = randomBytes(32).toString('hex').toUpperCase();
});
const CARD = '4111 1111 1111 1111';

let manager: TestUser;
let admin: TestUser;
let usdtTemplateId: string;

beforeAll(async () => {
  [manager, admin] = await Promise.all([newUser({ role: 'MANAGER' }), newUser({ role: 'ADMIN' })]);
  const template = await call(adminCreatePaymentTemplate, {
    token: admin.token,
    body: { kind: 'usdt', label: `Deal test wallet ${Date.now()}`, address: ADDRESS },
  });
  expect(template.status).toBe(201);
  usdtTemplateId = template.body.data!.id;
});

const take = (id: string, staff = manager) => setStatus(staff, id, 'PROCESSING');
const detail = (user: TestUser, id: string) => call(getMyApplication, { token: user.token, params: { id } });
const staffDetail = (id: string) => call(adminGetApplication, { token: manager.token, params: { id } });
const instruct = (id: string, body: { text: string; templateId?: string; paymentWindowMinutes?: number }) =>
  call(adminIssueInstructions, { token: manager.token, params: { id }, body });
const payTo = (user: TestUser, id: string, body: { address: string } | { card: string }) =>
  call(setPayoutDetails, { token: user.token, params: { id }, body });
const paid = (user: TestUser, id: string, body: { txHash?: string; receiptId?: string } = {}) =>
  call(markPaid, { token: user.token, params: { id }, body });
const confirm = (id: string, note?: string) =>
  call(adminConfirmPayment, { token: manager.token, params: { id }, body: note ? { note } : {} });
const payout = (id: string, body: { txHash?: string; note?: string }) =>
  call(adminRecordPayout, { token: manager.token, params: { id }, body });

/** A card-EUR → USDT application of a new client, taken and with instructions issued. */
async function awaitingPayment(
  minutes?: number,
): Promise<{ client: TestUser; application: ApplicationView }> {
  const client = await newUser({ language: 'en' });
  const application = await createApplication(client, standardBody({ amount: 400 }));
  expect((await take(application.id)).status).toBe(200);
  const issued = await instruct(application.id, {
    text: 'Pay by SEPA to ES91 2100 0418 4502 0005 1332, reference your application number.',
    ...(minutes ? { paymentWindowMinutes: minutes } : {}),
  });
  expect(issued.status).toBe(200);
  return { client, application };
}

describe('a card → USDT deal, start to finish', () => {
  it('moves PENDING → PROCESSING → WAITING_PAYMENT → PAID → CONFIRMED → EXCHANGING → COMPLETED', async () => {
    const client = await newUser({ language: 'en' });
    const application = await createApplication(client, standardBody({ amount: 500 }));
    const start = (await detail(client, application.id)).body.data!;
    expect(start).toMatchObject({
      status: 'PENDING',
      instructions: null,
      payoutKind: 'address',
      payoutDetails: null,
      clientPaid: null,
    });
    expect(start.allowedActions).toEqual(expect.arrayContaining(['cancel', 'setPayoutDetails', 'message']));
    expect(start.allowedActions).not.toContain('markPaid');

    expect((await take(application.id)).status).toBe(200);
    const before = Date.now();
    const issued = await instruct(application.id, {
      text: 'Pay by SEPA to ES91 2100 0418 4502 0005 1332.',
      paymentWindowMinutes: 45,
    });
    expect(issued.status).toBe(200);
    const deadline = Date.parse(issued.body.data!.instructions!.deadline);
    expect(deadline - before).toBeGreaterThanOrEqual(45 * 60_000 - 1000);
    expect(deadline - Date.now()).toBeLessThanOrEqual(45 * 60_000);
    // The quote holds until the client's deadline.
    expect(Date.parse(issued.body.data!.rate!.lockedUntil!)).toBe(deadline);

    const waiting = (await detail(client, application.id)).body.data!;
    expect(waiting.status).toBe('WAITING_PAYMENT');
    expect(waiting.instructions).toMatchObject({
      text: 'Pay by SEPA to ES91 2100 0418 4502 0005 1332.',
      crypto: null,
    });
    // "I have paid" comes once the client has said where they receive.
    expect(waiting.allowedActions).toEqual(['cancel', 'setPayoutDetails', 'message']);
    const given = await payTo(client, application.id, { address: ADDRESS });
    expect(given.status).toBe(200);
    expect(given.body.data!.allowedActions).toEqual(['cancel', 'setPayoutDetails', 'markPaid', 'message']);
    const marked = await paid(client, application.id, { txHash: TX_IN.toUpperCase() });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({
      status: 'PAID',
      payoutDetails: { kind: 'address', address: ADDRESS },
      clientPaid: { txHash: TX_IN, receiptId: null },
    });
    expect(marked.body.data!.allowedActions).toEqual(['message']);

    const confirmed = await confirm(application.id, 'Seen on the bank statement');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({
      status: 'CONFIRMED',
      paymentConfirmation: { by: manager.id, txHash: TX_IN, note: 'Seen on the bank statement' },
    });
    const paidOut = await payout(application.id, { txHash: TX_OUT });
    expect(paidOut.status).toBe(200);
    expect(paidOut.body.data).toMatchObject({
      status: 'EXCHANGING',
      payout: { by: manager.id, txHash: TX_OUT.toLowerCase(), note: null },
    });
    expect((await setStatus(manager, application.id, 'COMPLETED')).status).toBe(200);

    const done = (await detail(client, application.id)).body.data!;
    expect(done.status).toBe('COMPLETED');
    expect(done.allowedActions).toEqual(['message']);
    // The client follows the payout on chain from their order page.
    expect(done.payout).toEqual({ at: paidOut.body.data!.payout!.at, txHash: TX_OUT.toLowerCase() });
    expect(done.timeline.map((step) => [step.status, step.actor])).toEqual([
      ['PENDING', 'client'],
      ['PROCESSING', 'staff'],
      ['WAITING_PAYMENT', 'staff'],
      ['PAID', 'client'],
      ['CONFIRMED', 'staff'],
      ['EXCHANGING', 'staff'],
      ['COMPLETED', 'staff'],
    ]);
    // Staff see every move with who made it and what it carried.
    const history = (await staffDetail(application.id)).body.data!.history;
    expect(history.find((entry) => entry.to === 'PAID')).toMatchObject({
      actorId: client.id,
      details: { txHash: TX_IN },
    });
    expect(history.find((entry) => entry.to === 'EXCHANGING')).toMatchObject({
      actorId: manager.id,
      details: { txHash: TX_OUT.toLowerCase() },
    });
  });

  it('mails the client the instructions with the deadline, and the payout with its hash', async () => {
    const client = await newUser({ language: 'en' });
    const application = await createApplication(client, standardBody({ amount: 300 }));
    await take(application.id);
    await instruct(application.id, { text: 'IBAN ES91 2100 0418 4502 0005 1332' });
    await payTo(client, application.id, { address: ADDRESS });
    await paid(client, application.id);
    await confirm(application.id);
    await payout(application.id, { txHash: TX_OUT });
    const mails = await waitForMails(client.email, application.id, 6);
    const subjects = mails.map((mail) => mail.subject);
    const short = application.id.slice(0, 8);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `Application ${short}: awaiting your payment`,
        `Application ${short}: payment reported`,
        `Application ${short}: payment received`,
        `Application ${short}: payout under way`,
      ]),
    );
    const instructions = mails.find((mail) => mail.subject.endsWith('awaiting your payment'))!;
    expect(instructions.body.text).toContain('IBAN ES91 2100 0418 4502 0005 1332');
    expect(instructions.body.text).toContain('Pay by');
    expect(instructions.body.text).toContain(`/applications/${application.id}`);
    const payoutMail = mails.find((mail) => mail.subject.endsWith('payout under way'))!;
    expect(payoutMail.body.text).toContain(TX_OUT.toLowerCase());
  });

  it("writes the deadline in the business's time, naming the zone (Europe/Moscow by default)", async () => {
    const { client, application } = await awaitingPayment();
    const deadline = Date.parse((await detail(client, application.id)).body.data!.instructions!.deadline);
    const mails = await waitForMails(client.email, application.id, 3);
    const instructions = mails.find((mail) => mail.subject.endsWith('awaiting your payment'))!;
    // Moscow keeps UTC+3 all year: its wall clock is the UTC one three hours on.
    const moscow = new Date(deadline + 3 * 3_600_000).toISOString().slice(11, 16);
    expect(instructions.body.text).toMatch(
      new RegExp(`Pay by:\\s+\\d+ \\w+ \\d{4}, ${moscow} \\(Moscow, UTC\\+3\\)`),
    );
    expect(instructions.body.text).not.toContain(' UTC\n');
  });
});

async function waitForMails(address: string, applicationId: string, count: number) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const mails = (await mailsTo(address)).filter((mail) => mail.body.text?.includes(applicationId));
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`fewer than ${count} mails about ${applicationId} reached ${address}`);
}

describe('a USDT → cash deal', () => {
  it('needs the USDT template, tells the client where and how much to send, and takes no payout details', async () => {
    const client = await newUser();
    const application = await createApplication(
      client,
      standardBody({ assetFrom: 'usdt-trc20', assetTo: 'cash-EUR', amount: 700 }),
    );
    await take(application.id);
    const untemplated = await instruct(application.id, { text: 'Send USDT' });
    expect(untemplated.status).toBe(400);
    expect(untemplated.body.errors).toEqual([
      expect.objectContaining({ path: 'templateId', code: 'usdtTemplateRequired' }),
    ]);
    const issued = await instruct(application.id, { text: 'Send USDT', templateId: usdtTemplateId });
    expect(issued.status).toBe(200);
    expect(issued.body.data!.instructions).toMatchObject({
      templateId: usdtTemplateId,
      crypto: { address: ADDRESS, amount: expect.stringMatching(/^700\.00\d\d$/) },
    });

    const details = await payTo(client, application.id, { address: ADDRESS });
    expect(details.status).toBe(400);
    expect(details.body.code).toBe('PayoutDetailsNotTaken');
    const waiting = (await detail(client, application.id)).body.data!;
    expect(waiting.payoutKind).toBe('none');
    expect(waiting.allowedActions).not.toContain('setPayoutDetails');

    // The money arrived before the client pressed: staff confirm straight from WAITING_PAYMENT.
    const confirmed = await confirm(application.id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data!.status).toBe('CONFIRMED');
    expect((await paid(client, application.id)).status).toBe(409);
    const paidOut = await payout(application.id, { note: 'Cash handed over at the Madrid office' });
    expect(paidOut.body.data).toMatchObject({
      status: 'EXCHANGING',
      payout: { txHash: null, note: 'Cash handed over at the Madrid office' },
    });
    expect((await setStatus(manager, application.id, 'COMPLETED')).status).toBe(200);
    // The client sees when; staff's note is staff's.
    const done = (await detail(client, application.id)).body.data!;
    expect(done.payout).toEqual({ at: paidOut.body.data!.payout!.at, txHash: null });
    expect(JSON.stringify(done)).not.toContain('Madrid office');
  });
});

describe('payout details', () => {
  it('checks a TRON address and a card on the server, and masks the card to the client', async () => {
    const client = await newUser();
    const toAddress = await createApplication(client, standardBody({ amount: 200 }));
    const wrongChecksum = await payTo(client, toAddress.id, { address: `${ADDRESS.slice(0, -1)}u` });
    expect(wrongChecksum.status).toBe(400);
    // A typo is told as a typo, not as the wrong form.
    expect(wrongChecksum.body.errors).toEqual([expect.objectContaining({ code: 'tronAddressChecksum' })]);
    const notTron = await payTo(client, toAddress.id, {
      address: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    });
    expect(notTron.body.errors).toEqual([expect.objectContaining({ code: 'tronAddress' })]);
    const card = await payTo(client, toAddress.id, { card: CARD });
    expect(card.status).toBe(400);
    expect(card.body.errors).toEqual([expect.objectContaining({ code: 'payoutDetailsKind' })]);

    const toCard = await createApplication(
      client,
      standardBody({ assetFrom: 'usdt-trc20', assetTo: 'card-EUR', amount: 200 }),
    );
    const badLuhn = await payTo(client, toCard.id, { card: '4111 1111 1111 1112' });
    expect(badLuhn.status).toBe(400);
    expect(badLuhn.body.errors).toEqual([expect.objectContaining({ code: 'cardNumber' })]);
    const given = await payTo(client, toCard.id, { card: CARD });
    expect(given.status).toBe(200);
    expect(given.body.data!.payoutDetails).toEqual({ kind: 'card', card: '•••• 1111' });
    expect(JSON.stringify(given.body)).not.toContain('4111111111111111');
    await take(toCard.id);
    expect((await staffDetail(toCard.id)).body.data!.payoutDetails).toEqual({
      kind: 'card',
      card: '4111111111111111',
    });
  });

  it('cannot change once the client has paid', async () => {
    const { client, application } = await awaitingPayment();
    await payTo(client, application.id, { address: ADDRESS });
    await paid(client, application.id);
    const changed = await payTo(client, application.id, { address: ADDRESS });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('PayoutDetailsLocked');
  });
});

describe('refusals', () => {
  it('refuses the wrong mover: a client on staff calls, a stranger on the client calls, staff on their own application', async () => {
    const { client, application } = await awaitingPayment();
    const stranger = await newUser();
    const asClient = await call(adminConfirmPayment, {
      token: client.token,
      params: { id: application.id },
      body: {},
    });
    expect(asClient.status).toBe(403);
    expect((await paid(stranger, application.id)).status).toBe(404);
    expect((await payTo(stranger, application.id, { address: ADDRESS })).status).toBe(404);
    expect((await detail(stranger, application.id)).status).toBe(404);

    const own = await createApplication(manager, standardBody({ amount: 250 }));
    const other = await newUser({ role: 'MANAGER' });
    await take(own.id, other);
    const ownInstructions = await instruct(own.id, { text: 'My own deal' });
    expect(ownInstructions.status).toBe(403);
    expect(ownInstructions.body.code).toBe('OwnApplication');
  });

  it('refuses each move from a status it does not start from, with 409', async () => {
    const client = await newUser();
    const application = await createApplication(client, standardBody({ amount: 260 }));
    const early = await instruct(application.id, { text: 'Too early' });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'TransitionNotAllowed', params: { from: 'PENDING' } });
    await take(application.id);
    await payTo(client, application.id, { address: ADDRESS });
    expect((await paid(client, application.id)).body.code).toBe('TransitionNotAllowed');
    expect((await confirm(application.id)).status).toBe(409);
    expect((await payout(application.id, { note: 'No' })).status).toBe(409);
    await instruct(application.id, { text: 'Pay by card' });
    expect((await payout(application.id, { note: 'Not yet' })).status).toBe(409);
    // COMPLETED only from EXCHANGING once the deal is on the site (or at the office from PROCESSING).
    expect((await setStatus(manager, application.id, 'COMPLETED')).status).toBe(409);
    await paid(client, application.id);
    expect((await setStatus(manager, application.id, 'COMPLETED')).status).toBe(409);
    // The client may no longer cancel once they have paid.
    const cancel = await call(cancelMyApplication, { token: client.token, params: { id: application.id } });
    expect(cancel.status).toBe(409);
    expect(cancel.body.code).toBe('NotCancellable');
  });

  it('refuses "I have paid" twice, and before the payout details are given', async () => {
    const { client, application } = await awaitingPayment();
    const missing = await paid(client, application.id);
    expect(missing.status).toBe(409);
    expect(missing.body.code).toBe('PayoutDetailsMissing');
    await payTo(client, application.id, { address: ADDRESS });
    expect((await paid(client, application.id, { txHash: TX_IN })).status).toBe(200);
    const twice = await paid(client, application.id, { txHash: TX_IN });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('AlreadyInStatus');
  });

  it('refuses "I have paid" past the deadline', async () => {
    const { client, application } = await awaitingPayment(1);
    await payTo(client, application.id, { address: ADDRESS });
    const { markPaid: markPaidAt } = await import('@functions/domain/applications/client-deal');
    const deadline = Date.parse((await detail(client, application.id)).body.data!.instructions!.deadline);
    const late = await refusal(markPaidAt(client.id, application.id, {}, new Date(deadline + 1000)));
    expect(late).toMatchObject({ status: 409, code: 'PaymentWindowClosed' });
  });

  it('refuses bad bodies in the envelope: window minutes, hashes, a payout with no reference, a foreign receipt', async () => {
    const { client, application } = await awaitingPayment();
    for (const minutes of [0, 1441, 2.5]) {
      const answer = await instruct(application.id, { text: 'x', paymentWindowMinutes: minutes });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([expect.objectContaining({ code: 'paymentWindowMinutes' })]);
    }
    const empty = await instruct(application.id, { text: '   ' });
    expect(empty.body.errors).toEqual([expect.objectContaining({ code: 'instructionsRequired' })]);
    await payTo(client, application.id, { address: ADDRESS });
    const badHash = await paid(client, application.id, { txHash: 'not-a-hash' });
    expect(badHash.status).toBe(400);
    expect(badHash.body.errors).toEqual([expect.objectContaining({ code: 'txHash' })]);
    const foreignReceipt = await paid(client, application.id, { receiptId: 'no-such-file' });
    expect(foreignReceipt.status).toBe(400);
    expect(foreignReceipt.body.errors).toEqual([expect.objectContaining({ code: 'receiptNotFound' })]);
    expect((await detail(client, application.id)).body.data!.status).toBe('WAITING_PAYMENT');
    await paid(client, application.id);
    await confirm(application.id);
    const noReference = await payout(application.id, {});
    expect(noReference.status).toBe(400);
    expect(noReference.body.errors).toEqual([expect.objectContaining({ code: 'payoutReferenceRequired' })]);
    const unknownField = await api('POST', `/api/admin/applications/${application.id}/payout`, {
      token: manager.token,
      body: { note: 'x', amount: 5 },
    });
    expect(unknownField.status).toBe(400);
  });
});

describe('instructions issued again', () => {
  it('replace the text and never shorten the deadline', async () => {
    const { client, application } = await awaitingPayment(60);
    const first = (await detail(client, application.id)).body.data!.instructions!;
    const shorter = await instruct(application.id, { text: 'New account', paymentWindowMinutes: 5 });
    expect(shorter.status).toBe(200);
    const second = (await detail(client, application.id)).body.data!.instructions!;
    expect(second.text).toBe('New account');
    expect(second.deadline).toBe(first.deadline);
    await instruct(application.id, { text: 'Longer', paymentWindowMinutes: 120 });
    const third = (await detail(client, application.id)).body.data!.instructions!;
    expect(Date.parse(third.deadline)).toBeGreaterThan(Date.parse(first.deadline));
    expect((await detail(client, application.id)).body.data!.status).toBe('WAITING_PAYMENT');
  });
});

describe('cancel racing a confirmation', () => {
  it('lets exactly one of them win, and the application ends as the winner left it', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { client, application } = await awaitingPayment();
      const [cancelled, confirmed] = await Promise.all([
        call(cancelMyApplication, { token: client.token, params: { id: application.id } }),
        confirm(application.id),
      ]);
      const statuses = [cancelled.status, confirmed.status].sort();
      expect(statuses).toEqual([200, 409]);
      const final = (await detail(client, application.id)).body.data!;
      expect(final.status).toBe(cancelled.status === 200 ? 'CANCELLED' : 'CONFIRMED');
      expect(final.timeline.filter((step) => ['CANCELLED', 'CONFIRMED'].includes(step.status))).toHaveLength(
        1,
      );
    }
  });
});

describe('refunds', () => {
  it('records one refund on a rejected deal the client paid for, and refuses any other', async () => {
    const { client, application } = await awaitingPayment();
    await payTo(client, application.id, { address: ADDRESS });
    await paid(client, application.id, { txHash: TX_IN });
    const refund = (id: string) =>
      call(adminRecordRefund, {
        token: manager.token,
        params: { id },
        body: { reference: `SEPA return ${TX_IN.slice(0, 8)}` },
      });
    const tooEarly = await refund(application.id);
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.code).toBe('RefundNotAllowed');
    const rejected = await call(adminChangeApplicationStatus, {
      token: manager.token,
      params: { id: application.id },
      body: { status: 'REJECTED', rejectionReason: 'The payment came from a third party' },
    });
    expect(rejected.status).toBe(200);
    const recorded = await refund(application.id);
    expect(recorded.status).toBe(200);
    expect(recorded.body.data!.refund).toMatchObject({
      by: manager.id,
      note: `SEPA return ${TX_IN.slice(0, 8)}`,
    });
    expect((await refund(application.id)).body.code).toBe('RefundAlreadyRecorded');

    const unpaid = await createApplication(client, individualBody());
    await setStatus(manager, unpaid.id, 'REJECTED', { rejectionReason: 'Not served' });
    expect((await refund(unpaid.id)).body.code).toBe('NothingToRefund');
  });
});

/** A deal's movements of these directions as stored (one GetItem each; the history lists every deal's). */
async function movementsOf(id: string, directions: readonly MovementDirection[]) {
  const { db, tableName } = await import('@functions/data/client');
  const { keys } = await import('@functions/data/keys');
  const items = await Promise.all(
    directions.map((direction) =>
      db.send(new GetCommand({ TableName: tableName, Key: keys.movement(movementId(id, direction)) })),
    ),
  );
  return items.map(({ Item }) => Item);
}

describe('money goes out once (F4)', () => {
  it('refuses rejecting or refunding a deal whose payout is recorded, until an ADMIN records it came back', async () => {
    const { client, application } = await awaitingPayment();
    const id = application.id;
    await payTo(client, id, { address: ADDRESS });
    await paid(client, id);
    expect((await confirm(id)).status).toBe(200);
    expect((await payout(id, { note: 'paid out 197 USDT' })).body.data!.status).toBe('EXCHANGING');

    const reject = await setStatus(manager, id, 'REJECTED', { rejectionReason: 'Changed my mind' });
    expect(reject.status).toBe(409);
    expect(reject.body.code).toBe('TransitionNotAllowed');
    const refund = () =>
      call(adminRecordRefund, { token: manager.token, params: { id }, body: { reference: 'REF-1' } });
    expect((await refund()).status).toBe(409);

    const reversal = (token: string) =>
      call(adminReversePayout, {
        token,
        params: { id },
        body: { reference: 'RETURN-77', reason: 'The card payment came back' },
      });
    expect((await reversal(manager.token)).status).toBe(403);
    const reversed = await reversal(admin.token);
    expect(reversed.status).toBe(200);
    expect(reversed.body.data).toMatchObject({
      status: 'CONFIRMED',
      payout: null,
      payoutReversal: {
        by: admin.id,
        reference: 'RETURN-77',
        reason: 'The card payment came back',
        payout: { by: manager.id, note: 'paid out 197 USDT' },
      },
    });
    expect((await reversal(admin.token)).status).toBe(409);

    expect((await setStatus(manager, id, 'REJECTED', { rejectionReason: 'Payout failed' })).status).toBe(200);
    expect((await refund()).status).toBe(200);
    // In 200 (the card payment), out 197, back 197, refunded 200: the books of the deal are square.
    expect(await movementsOf(id, ['in', 'out', 'reversal', 'refund'])).toEqual([
      expect.objectContaining({ direction: 'in', currency: 'EUR', staffId: manager.id }),
      expect.objectContaining({ direction: 'out', currency: 'USDT', staffId: manager.id }),
      expect.objectContaining({
        direction: 'reversal',
        currency: 'USDT',
        staffId: admin.id,
        reference: 'RETURN-77',
      }),
      expect.objectContaining({
        direction: 'refund',
        currency: 'EUR',
        staffId: manager.id,
        reference: 'REF-1',
      }),
    ]);
  });

  it('pays out again after a reversal, as a movement of its own', async () => {
    const { client, application } = await awaitingPayment();
    const id = application.id;
    await payTo(client, id, { address: ADDRESS });
    await confirm(id);
    await payout(id, { note: 'first try' });
    await call(adminReversePayout, {
      token: admin.token,
      params: { id },
      body: { reference: 'BOUNCED', reason: 'Wrong card' },
    });
    const again = await payout(id, { note: 'second try' });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ status: 'EXCHANGING', payout: { note: 'second try' } });
  });
});

describe('a deal done face to face at the office', () => {
  it('still completes from PROCESSING', async () => {
    const client = await newUser();
    const application = await createApplication(client, standardBody({ amount: 350 }));
    await take(application.id);
    const done = await setStatus(manager, application.id, 'COMPLETED');
    expect(done.status).toBe(200);
    const history = (await staffDetail(application.id)).body.data!.history;
    expect(history.at(-1)).toMatchObject({ from: 'PROCESSING', to: 'COMPLETED' });
  });
});

describe('the order page refreshes by conditional request', () => {
  it('answers 304 while nothing changed, and the new state once something did', async () => {
    const { client, application } = await awaitingPayment();
    const first = await api('GET', `/api/applications/${application.id}`, { token: client.token });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const same = await api('GET', `/api/applications/${application.id}`, {
      token: client.token,
      headers: { 'If-None-Match': etag! },
    });
    expect(same.status).toBe(304);
    await payTo(client, application.id, { address: ADDRESS });
    const changed = await api<{ payoutDetails: unknown }>('GET', `/api/applications/${application.id}`, {
      token: client.token,
      headers: { 'If-None-Match': etag! },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.body.data!.payoutDetails).toEqual({ kind: 'address', address: ADDRESS });
  });
});

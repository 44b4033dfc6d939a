import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { findApplication } from '@functions/data/applications';
import { db, tableName } from '@functions/data/client';
import { keys } from '@functions/data/keys';
import { readApplicationEntries } from '@functions/data/ledger';
import { movementId } from '@functions/data/movements';
import { perform, SYSTEM_ACTOR } from '@functions/domain/applications/perform';
import type {
  AdminApplicationDetail,
  ApplicationDetail,
  ApplicationView,
} from '@shared/contract/applications';
import { convert, exactRateOf } from '@shared/exact-rate';
import { add, compare, subtract, toNumber } from '@shared/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, api } from '../../support/api';
import { mailsTo, outboxSettled } from '../../support/mail';
import type { TestUser } from '../../support/users';
import { createApplication, newUser, setStatus, standardBody } from './fixtures';

/**
 * Money that arrives otherwise than asked, resolved inside the deal (docs/product.md §4 "Wrong
 * payments"), over HTTP: a card payment received short and recalculated or topped up, one received
 * over and its excess refunded, a payout in two parts, an ADMIN closing with a difference, a late
 * payment re-quoted, and two staff resolving at once. After each, the deal's entries in the books
 * leave the clients' side at zero in every currency: what came in was exchanged or sent back.
 */
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

let manager: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [manager, admin] = await Promise.all([newUser({ role: 'MANAGER' }), newUser({ role: 'ADMIN' })]);
});

type Staff = TestUser;
const post = <T = AdminApplicationDetail>(staff: Staff, path: string, body: unknown = {}) =>
  api<T>('POST', path, { token: staff.token, body });
const confirm = (id: string, amount?: string, staff: Staff = manager) =>
  post(staff, `/api/admin/applications/${id}/confirm-payment`, amount ? { amount } : {});
const resolve = (id: string, body: Record<string, unknown>, staff: Staff = manager) =>
  post(staff, `/api/admin/applications/${id}/payment-resolution`, body);
const payout = (id: string, body: Record<string, unknown>) =>
  post(manager, `/api/admin/applications/${id}/payout`, body);
const staffDetail = async (id: string) =>
  (await api<AdminApplicationDetail>('GET', `/api/admin/applications/${id}`, { token: manager.token })).body
    .data!;
const clientDetail = async (client: TestUser, id: string) =>
  (await api<ApplicationDetail>('GET', `/api/applications/${id}`, { token: client.token })).body.data!;

/** A card-EUR → USDT deal of `amount` of a new client, instructions issued and payout details given. */
async function awaitingPayment(amount = 400): Promise<{ client: TestUser; application: ApplicationView }> {
  const client = await newUser({ language: 'en' });
  const application = await createApplication(client, standardBody({ amount }));
  expect((await setStatus(manager, application.id, 'PROCESSING')).status).toBe(200);
  const issued = await post(manager, `/api/admin/applications/${application.id}/instructions`, {
    text: 'Pay by SEPA to ES91 2100 0418 4502 0005 1332.',
  });
  expect(issued.status).toBe(200);
  const given = await api('PUT', `/api/applications/${application.id}/payout-details`, {
    token: client.token,
    body: { address: ADDRESS },
  });
  expect(given.status).toBe(200);
  return { client, application };
}

/** A movement of the deal as the transaction history keeps it. */
async function findMovement(id: string) {
  return (await db.send(new GetCommand({ TableName: tableName, Key: keys.movement(id) }))).Item;
}

/** The deal's lines on the clients' books, summed per currency: zero once all it took in was settled. */
async function clientsSide(applicationId: string): Promise<Record<string, bigint>> {
  const sums: Record<string, bigint> = {};
  for (const entry of await readApplicationEntries(applicationId)) {
    for (const line of entry.lines) {
      if (!line.accountId.startsWith('clients-')) continue;
      sums[line.currency] = (sums[line.currency] ?? 0n) + line.units;
    }
  }
  return sums;
}

const settled = async (applicationId: string) =>
  Object.values(await clientsSide(applicationId)).every((units) => units === 0n);

function ok<T>(answer: ApiAnswer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data!;
}

/** What `amount` of the deal's from side is at its own rate, as a quote rounds it (down to the cent). */
function atDealRate(deal: ApplicationView, amount: string): number {
  const rate = exactRateOf({
    assetFrom: deal.assetFrom!,
    rate: deal.rate!.rate,
    fixedRate: deal.rate!.fixedRate ?? null,
  })!;
  return toNumber(convert(amount, rate, 2, 'down'));
}

describe('a card payment received short', () => {
  it('is recorded as it arrived, shown to both sides, and recalculated to it at the deal rate', async () => {
    const { client, application } = await awaitingPayment(400);
    const part = ok(await confirm(application.id, '300'));
    expect(part.status).toBe('PAID');
    expect(part.money).toMatchObject({ asked: '400', received: '300', gap: 'short', difference: '100' });
    expect(part.paymentConfirmation).toBeNull();
    expect(part.allowedActions).toEqual(expect.arrayContaining(['recalculate', 'awaitTopUp']));
    expect(part.allowedActions).not.toContain('refundExcess');
    expect(await findMovement(movementId(application.id, 'in'))).toMatchObject({
      amount: 300,
      staffId: manager.id,
    });
    const seen = await clientDetail(client, application.id);
    expect(seen.money).toMatchObject({ gap: 'short', difference: '100', received: '300' });

    const recalculated = ok(await resolve(application.id, { choice: 'recalculate' }));
    expect(recalculated).toMatchObject({ status: 'CONFIRMED', amountFrom: 300 });
    // The deal's own rate, not today's: what 300 buys at the rate it was quoted at.
    expect(recalculated.amountTo).toBe(atDealRate(application, '300'));
    expect(recalculated.money).toMatchObject({ asked: '300', gap: 'exact', difference: null });
    expect(recalculated.history.at(-1)).toMatchObject({
      to: 'CONFIRMED',
      actorId: manager.id,
      details: { before: { amountFrom: 400 }, after: { amountFrom: 300 } },
    });
    // Each step is on the deal's audit trail, with who made it and what it carried.
    expect(recalculated.audit.map((entry) => [entry.actorId, entry.after?.move])).toEqual(
      expect.arrayContaining([
        [manager.id, 'paymentPart'],
        [manager.id, 'recalculate'],
      ]),
    );
    expect(recalculated.audit.find((entry) => entry.after?.move === 'paymentPart')?.after).toMatchObject({
      received: '300',
      gap: 'short',
    });
    // The client is told the new amounts.
    await outboxSettled();
    const mails = await mailsTo(client.email);
    expect(
      mails.some(
        (mail) => (mail.body.text ?? '').includes('300') && mail.subject.includes('payment received'),
      ),
    ).toBe(true);

    ok(await payout(application.id, { note: 'Sent from the office wallet' }));
    expect((await setStatus(manager, application.id, 'COMPLETED')).status).toBe(200);
    expect(await settled(application.id)).toBe(true);
  });

  it('is not recalculated below the minimum; the client tops it up in the window the setting gives', async () => {
    const { client, application } = await awaitingPayment(400);
    ok(await confirm(application.id, '50'));
    const refused = await resolve(application.id, { choice: 'recalculate' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ code: 'amountBelowDirectionMinimum' })]);

    const before = Date.now();
    const waiting = ok(await resolve(application.id, { choice: 'awaitTopUp' }));
    expect(waiting.status).toBe('PAID');
    const deadline = Date.parse(waiting.instructions!.deadline);
    // topUpWindowMinutes, 60 by default.
    expect(deadline - before).toBeGreaterThanOrEqual(60 * 60_000 - 1000);
    expect(deadline - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    const seen = await clientDetail(client, application.id);
    expect(seen.money).toMatchObject({ gap: 'short', difference: '350' });
    expect(seen.instructions!.deadline).toBe(waiting.instructions!.deadline);
    // The client's mail says what arrived and what is still to send, by when.
    await outboxSettled();
    const told = (await mailsTo(client.email)).map((mail) => mail.body.text ?? '');
    expect(
      told.some((text) => /Received so far:?\s*50/.test(text) && /Still to send:?\s*350/.test(text)),
    ).toBe(true);

    const topped = ok(await confirm(application.id, '350'));
    expect(topped.status).toBe('CONFIRMED');
    expect(topped.money).toMatchObject({ received: '400', gap: 'exact' });
    expect(topped.amountFrom).toBe(400);
    expect((await findMovement(movementId(application.id, 'in', 2)))?.amount).toBe(350);
  });
});

describe('a card payment received over', () => {
  it('sends the excess back, naming where, and confirms the deal as asked', async () => {
    const { application } = await awaitingPayment(400);
    const over = ok(await confirm(application.id, '450'));
    expect(over.money).toMatchObject({ gap: 'over', difference: '50' });
    expect(over.allowedActions).toEqual(expect.arrayContaining(['recalculate', 'refundExcess']));
    expect(over.allowedActions).not.toContain('awaitTopUp');
    const nowhere = await resolve(application.id, { choice: 'refundExcess', reference: 'SEPA 7781' });
    expect(nowhere.status).toBe(400);
    const refunded = ok(
      await resolve(application.id, {
        choice: 'refundExcess',
        reference: 'SEPA 7781',
        destination: 'ES91 2100 0418 4502 0005 1332',
      }),
    );
    expect(refunded).toMatchObject({ status: 'CONFIRMED', amountFrom: 400 });
    expect(refunded.money).toMatchObject({ received: '450', refunded: '50', gap: 'exact' });
    expect(await findMovement(movementId(application.id, 'refund'))).toMatchObject({
      amount: 50,
      destination: 'ES91 2100 0418 4502 0005 1332',
      staffId: manager.id,
    });
    ok(await payout(application.id, { note: 'Sent' }));
    expect((await setStatus(manager, application.id, 'COMPLETED')).status).toBe(200);
    expect(await settled(application.id)).toBe(true);
  });

  it('or pays out more at the deal rate', async () => {
    const { application } = await awaitingPayment(400);
    ok(await confirm(application.id, '450'));
    const more = ok(await resolve(application.id, { choice: 'recalculate' }));
    expect(more).toMatchObject({ status: 'CONFIRMED', amountFrom: 450 });
    expect(more.amountTo).toBe(atDealRate(application, '450'));
  });
});

describe('a payout', () => {
  it('goes out in two parts, and the deal completes only once all that is owed went out', async () => {
    const { application } = await awaitingPayment(400);
    const confirmed = ok(await confirm(application.id));
    const owed = confirmed.amountTo!;
    const half = String(Math.floor(owed / 2));
    const first = ok(await payout(application.id, { note: 'First half', amount: half }));
    expect(first.status).toBe('EXCHANGING');
    expect(first.money.paidOut).toBe(half);
    expect(first.allowedActions).toContain('recordPayout');
    const early = await setStatus(manager, application.id, 'COMPLETED');
    expect(early.status).toBe(409);
    expect(early.body.message).toContain('paidOutInFull');
    const second = ok(await payout(application.id, { note: 'The rest' }));
    expect(compare(second.money.payoutLeft!, 0)).toBe(0);
    expect((await findMovement(movementId(application.id, 'out', 2)))?.amount).toBe(
      toNumber(subtract(owed, half)),
    );
    expect((await setStatus(manager, application.id, 'COMPLETED')).status).toBe(200);
    expect(await settled(application.id)).toBe(true);
  });

  it('differing from what is owed is closed by an ADMIN with a reason, the difference booked', async () => {
    const { application } = await awaitingPayment(400);
    const confirmed = ok(await confirm(application.id));
    ok(await payout(application.id, { note: 'Short by a cent', amount: String(confirmed.amountTo! - 0.01) }));
    expect(
      (await post(manager, `/api/admin/applications/${application.id}/close`, { reason: 'x' })).status,
    ).toBe(403);
    expect((await post(admin, `/api/admin/applications/${application.id}/close`, {})).status).toBe(400);
    const closed = ok(
      await post(admin, `/api/admin/applications/${application.id}/close`, {
        reason: 'The client accepted one cent less',
      }),
    );
    expect(closed.status).toBe('COMPLETED');
    expect(closed.money.closing).toMatchObject({
      by: admin.id,
      reason: 'The client accepted one cent less',
      difference: '0.01',
    });
    const writeOff = (await readApplicationEntries(application.id)).find(
      (entry) => entry.kind === 'writeOff',
    );
    expect(writeOff).toMatchObject({ actorId: admin.id, reason: 'The client accepted one cent less' });
    expect(await settled(application.id)).toBe(true);
  });
});

describe('a payment after the window', () => {
  /** The deal's window ran out: the payment expiry job's move, made on it alone. */
  async function expired(id: string) {
    const application = (await findApplication(id))!;
    const after = new Date(Date.parse(application.paymentDeadline!) + 1000);
    await perform({ move: 'expirePayment', application, actor: SYSTEM_ACTOR, write: {} }, after);
  }

  it('opens the deal again as late; staff offer the current rate and the client accepts it', async () => {
    const { client, application } = await awaitingPayment(400);
    await expired(application.id);
    const late = ok(await confirm(application.id, '400'));
    expect(late.status).toBe('PAID');
    expect(late.money).toMatchObject({ late: true, gap: 'exact' });
    expect(late.allowedActions).toContain('offerRequote');
    expect(late.allowedActions).not.toContain('recalculate');
    expect((await resolve(application.id, { choice: 'recalculate' })).status).toBe(409);
    const offered = ok(await resolve(application.id, { choice: 'offerRequote' }));
    expect(offered.money.requote).toMatchObject({ amountFrom: 400 });
    const seen = await clientDetail(client, application.id);
    expect(seen.allowedActions).toContain('acceptRequote');
    expect(seen.money.requote?.amountTo).toBe(offered.money.requote!.amountTo);
    // Only the owner accepts.
    expect((await post(manager, `/api/applications/${application.id}/requote/accept`)).status).toBe(404);
    const accepted = await post<ApplicationDetail>(
      client,
      `/api/applications/${application.id}/requote/accept`,
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({
      status: 'CONFIRMED',
      amountFrom: 400,
      amountTo: offered.money.requote!.amountTo,
    });
    expect((await post(client, `/api/applications/${application.id}/requote/accept`)).status).toBe(409);
  });

  it('or is refunded: the refund names where it went and moves what arrived', async () => {
    const { application } = await awaitingPayment(400);
    await expired(application.id);
    ok(await confirm(application.id, '380'));
    expect(
      (await setStatus(manager, application.id, 'REJECTED', { rejectionReason: 'Paid late; refunded' }))
        .status,
    ).toBe(200);
    const refunded = ok(
      await post(manager, `/api/admin/applications/${application.id}/refund`, {
        reference: 'SEPA return 5512',
        destination: 'ES91 2100 0418 4502 0005 1332',
      }),
    );
    expect(refunded.money).toMatchObject({ received: '380', refunded: '380' });
    expect(await findMovement(movementId(application.id, 'refund'))).toMatchObject({
      amount: 380,
      destination: 'ES91 2100 0418 4502 0005 1332',
    });
    expect(await settled(application.id)).toBe(true);
  });
});

describe('two staff at once', () => {
  it('resolving the same short payment end with one outcome', async () => {
    const { application } = await awaitingPayment(400);
    ok(await confirm(application.id, '300'));
    const answers = await Promise.all([
      resolve(application.id, { choice: 'recalculate' }, manager),
      resolve(application.id, { choice: 'awaitTopUp' }, admin),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const after = await staffDetail(application.id);
    const winner = answers.find((answer) => answer.status === 200)!.body.data!;
    expect(after.status).toBe(winner.status);
    expect(after.amountFrom).toBe(winner.amountFrom);
  });

  it('recording the same next part of a payment record one', async () => {
    // Both entered the part on the deal as they saw it, nothing arrived yet: whether their calls
    // overlap (the write's condition) or not (what they saw), one is refused.
    const { application } = await awaitingPayment(400);
    const seen = { seenReceived: '0' };
    const answers = await Promise.all([
      post(manager, `/api/admin/applications/${application.id}/confirm-payment`, { amount: '100', ...seen }),
      post(admin, `/api/admin/applications/${application.id}/confirm-payment`, { amount: '150', ...seen }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const after = await staffDetail(application.id);
    const won = answers.find((answer) => answer.status === 200)!.body.data!;
    expect(after.money.received).toBe(won.money.received);
    expect(await findMovement(movementId(application.id, 'in', 2))).toBeUndefined();
    // The next part entered on what is recorded now is taken.
    const next = ok(
      await post(manager, `/api/admin/applications/${application.id}/confirm-payment`, {
        amount: '50',
        seenReceived: won.money.received,
      }),
    );
    expect(compare(next.money.received, add(won.money.received, '50'))).toBe(0);
  });

  it('paying out the same next part records one', async () => {
    const { application } = await awaitingPayment(400);
    const confirmed = ok(await confirm(application.id));
    const half = String(Math.floor(confirmed.amountTo! / 2));
    const first = ok(await payout(application.id, { note: 'First half', amount: half, seenPaidOut: '0' }));
    // A second member of staff, on the deal as it was before the first half went out.
    const stale = await payout(application.id, { note: 'Also a first half', amount: half, seenPaidOut: '0' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('changed by someone else meanwhile');
    expect((await staffDetail(application.id)).money.paidOut).toBe(first.money.paidOut);
    expect(await findMovement(movementId(application.id, 'out', 2))).toBeUndefined();
  });
});

import type { LedgerAccountView } from '@shared/contract/ledger';
import { decimal, toUnits } from '@shared/money';
import { adminConfirmPayment, adminIssueInstructions } from '@shared/routes/admin-applications';
import {
  adminAdjustLedgerAccount,
  adminCloseLedgerDay,
  adminCountLedgerDay,
  adminCreateLedgerAccount,
  adminGetLedgerAccount,
  adminGetLedgerDay,
  adminListLedgerAccounts,
  adminTransferBetweenAccounts,
} from '@shared/routes/ledger';
import { adminCreatePaymentTemplate } from '@shared/routes/payment-templates';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, runId } from '../../support/api';
import type { TestUser } from '../../support/users';
import { createApplication, newUser, setStatus, standardBody } from '../applications/fixtures';

/**
 * The books over HTTP (docs/product.md "Accounts and the books"): the office's accounts, their
 * opening balances, corrections and transfers with a reason and a named actor, a deal's money on
 * the accounts, and a business day counted and closed.
 */
let manager: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [manager, admin] = await Promise.all([newUser({ role: 'MANAGER' }), newUser({ role: 'ADMIN' })]);
});

const open = (name: string, currency = 'RUB', assets = ['card-RUB']) =>
  call(adminCreateLedgerAccount, {
    token: admin.token,
    body: { name: `${name} ${runId()}`, kind: 'card', currency, assets },
  });

const adjust = (id: string, body: { amount: string; reason: string; opening?: boolean }, user = admin) =>
  call(adminAdjustLedgerAccount, { token: user.token, params: { id }, body });

const accountsNow = async () => (await call(adminListLedgerAccounts, { token: manager.token })).body.data!;

/** Yesterday in Moscow (the default business time zone): a day that has ended. */
const yesterday = () => new Date(Date.now() + 3 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);

describe('accounts', () => {
  it('opens an account empty, takes its opening balance once and corrections with a reason', async () => {
    const opened = await open('Sber card');
    expect(opened.status).toBe(201);
    const account = opened.body.data as LedgerAccountView;
    expect(account).toMatchObject({ side: 'office', currency: 'RUB', balance: '0.00', postings: 0 });

    const opening = await adjust(account.id, {
      amount: '150000.00',
      reason: 'Balance on the card today',
      opening: true,
    });
    expect(opening.status).toBe(201);
    expect(opening.body.data!.balance).toBe('150000.00');
    const again = await adjust(account.id, { amount: '1.00', reason: 'Opening again', opening: true });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('opening balance is already recorded');
    expect((await adjust(account.id, { amount: '-0.50', reason: 'Bank fee' })).body.data!.balance).toBe(
      '149999.50',
    );

    const trail = await call(adminGetLedgerAccount, { token: manager.token, params: { id: account.id } });
    expect(trail.status).toBe(200);
    expect(trail.body.data!.postings.map((p) => [p.kind, p.amount, p.reason, p.actorName])).toEqual([
      ['opening', '150000.00', 'Balance on the card today', admin.username],
      ['adjustment', '-0.50', 'Bank fee', admin.username],
    ]);
  });

  it('refuses an amount the currency cannot hold, a reason left out, and a MANAGER opening or correcting', async () => {
    const account = (await open('Desk')).body.data!;

    const tooPrecise = await adjust(account.id, { amount: '10.005', reason: 'Fee' });
    expect(tooPrecise.status).toBe(400);
    expect(tooPrecise.body.errors?.[0]).toMatchObject({ path: 'amount', code: 'ledgerAmount' });
    const noReason = await adjust(account.id, { amount: '10', reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors?.[0]).toMatchObject({ code: 'ledgerReasonRequired' });
    expect((await adjust(account.id, { amount: '10', reason: 'Mine' }, manager)).status).toBe(403);
    expect(
      (
        await call(adminCreateLedgerAccount, {
          token: manager.token,
          body: { name: 'Mine', kind: 'cash', currency: 'RUB', assets: ['cash-RUB'] },
        })
      ).status,
    ).toBe(403);
    expect((await accountsNow()).accounts.find((one) => one.id === account.id)?.balance).toBe('0.00');
  });

  it('moves money between two accounts of one currency, and refuses two currencies', async () => {
    const opened = await Promise.all([
      open('Safe'),
      open('T-Bank card'),
      open('EUR card', 'EUR', ['card-EUR']),
    ]);
    const [safe, card, euro] = opened.map((answer) => answer.body.data!) as [
      LedgerAccountView,
      LedgerAccountView,
      LedgerAccountView,
    ];
    await adjust(safe.id, { amount: '5000', reason: 'Counted', opening: true });

    const moved = await call(adminTransferBetweenAccounts, {
      token: admin.token,
      body: { from: safe.id, to: card.id, amount: '1200.00', reason: 'Paid in at the bank' },
    });
    expect(moved.status).toBe(201);
    const balances = new Map(moved.body.data!.accounts.map((one) => [one.id, one.balance]));
    expect([balances.get(safe.id), balances.get(card.id)]).toEqual(['3800.00', '1200.00']);
    const across = await call(adminTransferBetweenAccounts, {
      token: admin.token,
      body: { from: safe.id, to: euro.id, amount: '1', reason: 'Wrong' },
    });
    expect(across.status).toBe(400);
  });

  it("books a deal done at the office on its assets' own accounts, and the books sum to zero per currency", async () => {
    const client = await newUser();
    const application = await createApplication(client, standardBody({ amount: 400 }));
    const before = await accountsNow();
    const balanceOf = (data: typeof before, id: string) =>
      data.accounts.find((one) => one.id === id)?.balance ?? '0';

    expect((await setStatus(manager, application.id, 'PROCESSING')).status).toBe(200);
    expect((await setStatus(manager, application.id, 'COMPLETED')).status).toBe(200);

    const after = await accountsNow();
    const desk = `asset-${application.assetFrom}`;
    const cents = (amount: string | number) => toUnits(amount, 2);
    expect(cents(balanceOf(after, desk)) - cents(balanceOf(before, desk))).toBe(
      cents(application.amountFrom!),
    );
    for (const currency of after.currencies) expect(decimal(currency.sum).units, currency.currency).toBe(0n);
  });
});

describe('payment templates and their accounts', () => {
  it('books a payment on the account of the template the instructions came from', async () => {
    const card = (await open('Santander EUR', 'EUR', ['card-EUR'])).body.data!;
    const template = await call(adminCreatePaymentTemplate, {
      token: admin.token,
      body: {
        kind: 'card',
        label: `EUR card ${runId()}`,
        currency: 'EUR',
        details: 'IBAN ES91',
        accountId: card.id,
      },
    });
    expect(template.status).toBe(201);
    expect(template.body.data!.accountId).toBe(card.id);
    const application = await createApplication(await newUser(), standardBody({ amount: 400 }));
    await setStatus(manager, application.id, 'PROCESSING');
    const issued = await call(adminIssueInstructions, {
      token: manager.token,
      params: { id: application.id },
      body: { text: 'Pay to the EUR card.', templateId: template.body.data!.id },
    });
    expect(issued.status).toBe(200);

    const confirmed = await call(adminConfirmPayment, {
      token: manager.token,
      params: { id: application.id },
      body: { note: 'On the statement' },
    });

    expect(confirmed.status).toBe(200);
    const trail = (await call(adminGetLedgerAccount, { token: manager.token, params: { id: card.id } })).body
      .data!;
    expect(trail.account.balance).toBe(`${application.amountFrom}.00`);
    expect(trail.postings.map((p) => [p.kind, p.applicationId, p.actorName])).toEqual([
      ['payment', application.id, manager.username],
    ]);
  });

  it('refuses a template naming an account of another currency', async () => {
    const rub = (await open('Sber RUB')).body.data!;

    const answer = await call(adminCreatePaymentTemplate, {
      token: admin.token,
      body: { kind: 'card', label: `EUR ${runId()}`, currency: 'EUR', details: 'IBAN', accountId: rub.id },
    });

    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]).toMatchObject({ path: 'accountId', code: 'templateAccount' });
  });
});

describe('the business day', () => {
  it('counts an account, keeps the difference, closes the day once, and takes no count after', async () => {
    const account = (await open('Cash desk')).body.data!;
    const day = yesterday();

    const counted = await call(adminCountLedgerDay, {
      token: manager.token,
      params: { day, id: account.id },
      body: { counted: '12.30', note: 'Found in the drawer' },
    });
    expect(counted.status).toBe(200);
    const row = counted.body.data!.accounts.find((one) => one.accountId === account.id)!;
    expect(row).toMatchObject({ opening: '0.00', closing: '0.00' });
    expect(row.count).toMatchObject({ counted: '12.30', difference: '12.30', countedBy: manager.username });

    expect((await call(adminCloseLedgerDay, { token: manager.token, params: { day } })).status).toBe(403);
    const closed = await call(adminCloseLedgerDay, { token: admin.token, params: { day } });
    expect([200, 409]).toContain(closed.status);
    const report = await call(adminGetLedgerDay, { token: manager.token, params: { day } });
    expect(report.body.data!.closed).not.toBeNull();
    expect(report.body.data!.timeZone).toBe('Europe/Moscow');
    const late = await call(adminCountLedgerDay, {
      token: manager.token,
      params: { day, id: account.id },
      body: { counted: '0' },
    });
    expect(late.status).toBe(409);
    expect((await call(adminCloseLedgerDay, { token: admin.token, params: { day } })).status).toBe(409);
  });

  it('does not close a day that has not ended', async () => {
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

    const answer = await call(adminCloseLedgerDay, { token: admin.token, params: { day: today } });

    expect(answer.status).toBe(409);
  });
});

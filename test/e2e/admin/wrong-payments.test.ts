import { adminChangeApplicationStatus, adminIssueInstructions } from '@shared/routes/admin-applications';
import { setPayoutDetails } from '@shared/routes/applications';
import adminEn from '@web/locales/en/admin.json';
import profileEn from '@web/locales/en/profile.json';
import adminRu from '@web/locales/ru/admin.json';
import profileRu from '@web/locales/ru/profile.json';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api';
import { createApplication, createManager } from '../support/admin-data';
import { openAs, registerVerifiedUser, type Session, waitForAdmin } from '../support/admin-session';
import { type Language, lookAtWidths, useBrowser, VIEWPORTS } from '../support/browser';
import { act, confirmPaymentDialog, exact, expireDeal, fill, literal, ok } from '../support/deal-steps';

/**
 * Money that arrives otherwise than asked, resolved in the deal panel while the client watches their
 * order page, in two browsers: a MANAGER confirms a card payment received short, the client reads
 * "short by", the MANAGER waits for the rest and the client is told what to send by when, then the
 * rest is confirmed (in English); a payment after the window is re-quoted at the current rate and
 * the client accepts it in their own browser (in Russian). The client on a phone (375 px), staff at
 * a desk (1280 px); each screen also at the other width: no sideways scrolling, no serious axe-core
 * violation, screenshots with `npm run test:screenshots` (test-results/screenshots/wrong-payments/).
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();
const ADMIN = { en: adminEn, ru: adminRu } as const;
const PROFILE = { en: profileEn, ru: profileRu } as const;
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

let manager: Session;

beforeAll(async () => {
  manager = await createManager();
  // The payment expiry job's move runs in this process against the e2e table, as Lambda would.
  await import('../../support/integration-env');
}, 120_000);

/** A new client's card-EUR → USDT deal of 300 EUR, its payout address given and instructions issued. */
async function awaitingPayment(prefix: string): Promise<{ client: Session; id: string }> {
  const client = await registerVerifiedUser(prefix);
  const application = await createApplication(client, { assetFrom: 'card-EUR', amount: 300 });
  const params = { id: application.id };
  await ok(call(setPayoutDetails, { token: client.token, params, body: { address: ADDRESS } }), 'Details');
  const token = manager.token;
  await ok(call(adminChangeApplicationStatus, { token, params, body: { status: 'PROCESSING' } }), 'Take');
  await ok(
    call(adminIssueInstructions, { token, params, body: { text: 'SEPA to DE89 3704 0044' } }),
    'Issue',
  );
  return { client, id: application.id };
}

/** The staff member's deal panel at a desk, and the client's order page on a phone. */
async function twoBrowsers(client: Session, id: string, language: Language) {
  const staff = await newPage({ language, width: VIEWPORTS.desktop });
  await openAs(staff, manager, `/admin/application-management?open_id=${id}`);
  await staff.locator('.modal .facts').first().waitFor();
  await waitForAdmin(staff);
  const owner = await newPage({ language, width: VIEWPORTS.mobile });
  await openAs(owner, client, `/applications/${id}`);
  await owner.getByRole('heading', { level: 1 }).waitFor();
  return { staff, owner };
}

describe('a card payment received short', () => {
  const language: Language = 'en';
  const deal = ADMIN[language].applications.deal;
  const money = PROFILE[language].order.money;

  it('is confirmed as it arrived, the client sees what is missing, waits for the rest and it is confirmed', async () => {
    const { client, id } = await awaitingPayment('short');
    const { staff, owner } = await twoBrowsers(client, id, language);
    const label = id.slice(0, 12);
    const amounts = { received: '250 EUR', asked: '300 EUR', difference: '50 EUR' };

    const first = await confirmPaymentDialog(staff, deal, id);
    const amount = first.dialog.getByLabel(fill(deal.confirm.amount, { currency: 'EUR' }));
    expect(await amount.inputValue()).toBe('300');
    await amount.fill('250');
    const problems = await lookAtWidths(staff, 'wrong-payments/confirm-amount', language);
    await first.submit();
    const panel = staff.getByRole('region', { name: deal.title });
    await panel.getByText(fill(deal.money.short, amounts)).waitFor();
    Object.assign(problems, await lookAtWidths(staff, 'wrong-payments/short-panel', language));

    // In the window still: the client may send the rest before staff decide.
    const sendBy = fill(money.shortBy, { ...amounts, deadline: '' }).replace(/\.$/, '');
    const sendTheRest = owner.getByText(new RegExp(`^${literal(sendBy)}.+\\.$`));
    await owner.reload();
    await sendTheRest.waitFor();
    Object.assign(problems, await lookAtWidths(owner, 'wrong-payments/short-order', language));

    const wait = await act(
      staff,
      deal.actions.awaitTopUp,
      fill(deal.resolution.awaitTopUp.title, { id: label }),
      deal.resolution.awaitTopUp.submit,
      deal.resolution.awaitTopUp.done,
    );
    await wait.submit();
    await owner.reload();
    await sendTheRest.waitFor();
    Object.assign(problems, await lookAtWidths(owner, 'wrong-payments/top-up-order', language));

    const rest = await confirmPaymentDialog(staff, deal, id);
    expect(await rest.dialog.getByLabel(fill(deal.confirm.amount, { currency: 'EUR' })).inputValue()).toBe(
      '50',
    );
    await rest.submit();
    await staff.getByRole('button', { name: exact(deal.actions.recordPayout) }).waitFor();
    expect(await panel.getByText(/^Short by/).count()).toBe(0);
    await owner.reload();
    await owner.getByText(PROFILE[language].order.now.CONFIRMED).waitFor();
    expect(await owner.getByText(/^We received/).count()).toBe(0);
    expect(problems).toEqual({});
  }, 240_000);
});

describe('a payment after the window', () => {
  const language: Language = 'ru';
  const deal = ADMIN[language].applications.deal;
  const order = PROFILE[language].order;

  it('is re-quoted at the current rate by staff and accepted by the client in their browser', async () => {
    const { client, id } = await awaitingPayment('late');
    await expireDeal(id);
    const { staff, owner } = await twoBrowsers(client, id, language);
    const label = id.slice(0, 12);

    const late = await confirmPaymentDialog(staff, deal, id);
    await late.submit();
    const panel = staff.getByRole('region', { name: deal.title });
    await panel.getByText(deal.money.late).waitFor();

    const offer = await act(
      staff,
      deal.actions.offerRequote,
      fill(deal.resolution.offerRequote.title, { id: label }),
      deal.resolution.offerRequote.submit,
      deal.resolution.offerRequote.done,
    );
    await offer.submit();
    const offered = deal.money.requote.split(':')[0]!;
    await panel.getByText(new RegExp(`^${literal(offered)}:`)).waitFor();
    const problems = await lookAtWidths(staff, 'wrong-payments/requote-panel', language);

    await owner.reload();
    const quote = owner.getByRole('region', { name: order.money.requote.title });
    await quote.waitFor();
    Object.assign(problems, await lookAtWidths(owner, 'wrong-payments/requote-order', language, quote));
    await quote.getByRole('button', { name: exact(order.money.requote.accept) }).click();
    await owner.getByText(order.now.CONFIRMED).waitFor();
    expect(await quote.count()).toBe(0);
    Object.assign(problems, await lookAtWidths(owner, 'wrong-payments/requote-accepted', language));
    expect(problems).toEqual({});
  }, 240_000);
});

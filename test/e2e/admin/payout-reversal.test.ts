import { subtract, unitsText } from '@shared/money';
import {
  adminChangeApplicationStatus,
  adminConfirmPayment,
  adminIssueInstructions,
  adminRecordPayout,
} from '@shared/routes/admin-applications';
import { setPayoutDetails } from '@shared/routes/applications';
import { adminChainReview } from '@shared/routes/chain';
import { adminCreatePaymentTemplate } from '@shared/routes/payment-templates';
import en from '@web/locales/en/admin.json';
import ru from '@web/locales/ru/admin.json';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api';
import { createApplication, createManager } from '../support/admin-data';
import {
  logInAsSuperAdmin,
  openAs,
  registerVerifiedUser,
  type Session,
  waitForAdmin,
} from '../support/admin-session';
import { type Language, lookAtWidths, showsToast, useBrowser } from '../support/browser';
import { exact, newTronAddress, ok, tronStandIn } from '../support/deal-steps';

/**
 * An ADMIN records a payout that came back (EXCHANGING → CONFIRMED) in the deal panel (in Russian,
 * the default), and a MANAGER attaches a USDT transfer of another amount in the review list (in
 * English), recorded as it arrived; a MANAGER is not offered the reversal. At 375 and 1280 px: no sideways scrolling, no serious
 * axe-core violation, and screenshots with `npm run test:screenshots`
 * (test-results/screenshots/admin/reversal-*, review-*). One language each keeps the suite's time;
 * the web tests cover both languages' texts.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();
const TEXTS = { en, ru } as const;

let admin: Session;
let manager: Session;
let walletTemplateId: string;
const wallet = newTronAddress();

beforeAll(async () => {
  admin = await logInAsSuperAdmin();
  manager = await createManager();
  const template = await call(adminCreatePaymentTemplate, {
    token: admin.token,
    body: { kind: 'usdt', label: `e2e reversal wallet ${wallet.slice(-6)}`, address: wallet },
  });
  if (template.status !== 201) throw new Error(`Template refused: ${JSON.stringify(template.body)}`);
  walletTemplateId = template.body.data!.id;
}, 120_000);

/** A card → USDT deal a MANAGER paid out with a note: EXCHANGING, the payout standing. */
async function paidOutDeal(): Promise<string> {
  const client = await registerVerifiedUser('rev');
  const application = await createApplication(client, { assetFrom: 'card-EUR', amount: 300 });
  const params = { id: application.id };
  await ok(
    call(setPayoutDetails, { token: client.token, params, body: { address: newTronAddress() } }),
    'Details',
  );
  const token = manager.token;
  await ok(call(adminChangeApplicationStatus, { token, params, body: { status: 'PROCESSING' } }), 'Take');
  await ok(
    call(adminIssueInstructions, { token, params, body: { text: 'SEPA to DE89 3704 0044' } }),
    'Issue',
  );
  await ok(call(adminConfirmPayment, { token, params, body: {} }), 'Confirm');
  await ok(call(adminRecordPayout, { token, params, body: { note: 'Sent from the office card' } }), 'Payout');
  return application.id;
}

/** A USDT → card deal waiting for its payment, and a transfer of one USDT less, left for staff. */
async function underpaidTransfer(): Promise<string> {
  const client = await registerVerifiedUser('acc');
  const application = await createApplication(client, {
    assetFrom: 'usdt-trc20',
    assetTo: 'card-EUR',
    amount: 250,
  });
  const params = { id: application.id };
  const token = manager.token;
  await ok(call(adminChangeApplicationStatus, { token, params, body: { status: 'PROCESSING' } }), 'Take');
  const issued = await ok(
    call(adminIssueInstructions, {
      token,
      params,
      body: { text: 'Send exactly the amount below.', templateId: walletTemplateId },
    }),
    'Issue',
  );
  const payable = String(issued.body.data!.instructions!.crypto!.amount);
  const { units, scale } = subtract(payable, 1);
  const amount = unitsText(units, scale);
  const sent = await tronStandIn('/_local/transfers', { to: wallet, amount, from: newTronAddress() });
  await tronStandIn('/_local/solidify');
  const txId = String(sent.txId);
  // Once the watcher has handled every transfer made so far, the transfer is on the review list.
  await tronStandIn('/_local/drain');
  const review = await call(adminChainReview, { token });
  if (review.body.data?.transfers.some((transfer) => transfer.txId === txId)) return txId;
  throw new Error('The underpaid transfer did not join the review list');
}

describe('the deal panel', () => {
  const language: Language = 'ru';
  const deal = TEXTS[language].applications.deal;

  it('an ADMIN records that the payout came back; a MANAGER is not offered it', async () => {
    const id = await paidOutDeal();
    const path = `/admin/application-management?open_id=${id}`;

    const managerPage = await newPage({ language });
    await openAs(managerPage, manager, path);
    await managerPage.locator('.modal .facts').first().waitFor();
    await waitForAdmin(managerPage);
    await managerPage.getByText(deal.payout.fact, { exact: true }).first().waitFor();
    expect(await managerPage.getByRole('button', { name: exact(deal.actions.reversePayout) }).count()).toBe(
      0,
    );

    const page = await newPage({ language });
    await openAs(page, admin, path);
    await page.locator('.modal .facts').first().waitFor();
    await waitForAdmin(page);
    await page.getByRole('button', { name: exact(deal.actions.reversePayout) }).click();
    const dialog = page.getByRole('dialog', {
      name: exact(deal.reversal.title.replace('{{id}}', id.slice(0, 12))),
    });
    await dialog.waitFor();
    await dialog.getByLabel(deal.reversal.reference).fill('Return 4471 / SEPA R-0099');
    await dialog
      .getByLabel(deal.reversal.reason)
      .fill('The client’s bank returned the transfer: the card was closed.');
    const problems = await lookAtWidths(page, 'admin/reversal-dialog', language);
    await showsToast(page, deal.reversed, async () => {
      await dialog.getByRole('button', { name: exact(deal.reversal.submit) }).click();
      await dialog.waitFor({ state: 'detached' });
    });

    const fact = page.getByRole('region', { name: deal.title }).getByText('Return 4471 / SEPA R-0099');
    await fact.waitFor();
    await page.getByRole('button', { name: exact(deal.actions.recordPayout) }).waitFor();
    expect(await page.getByRole('button', { name: exact(deal.actions.reversePayout) }).count()).toBe(0);
    Object.assign(problems, await lookAtWidths(page, 'admin/reversal-fact', language, fact));
    expect(problems).toEqual({});
  }, 180_000);
});

describe('the review list', () => {
  const language: Language = 'en';
  const review = TEXTS[language].payments.review;

  // The review list is a MANAGER's on shift too (shared/admin-sections.ts); any amount attaches.
  it('a MANAGER attaches a transfer of another amount, with nothing to accept', async () => {
    const txId = await underpaidTransfer();

    const page = await newPage({ language });
    await openAs(page, manager, '/admin/payment-gateways');
    await waitForAdmin(page);
    const item = page.getByRole('listitem', { name: txId });
    await item.locator('.chain-review__difference').waitFor();
    expect(await item.getByRole('checkbox').count()).toBe(0);
    const problems = await lookAtWidths(page, 'admin/review-attach', language, item);
    await item.getByRole('button', { name: exact(review.attach) }).click();
    await page.getByText(review.attached).first().waitFor();
    await item.waitFor({ state: 'detached' });
    expect(problems).toEqual({});
  }, 180_000);
});

import {
  adminChangeApplicationStatus,
  adminConfirmPayment,
  adminIssueInstructions,
} from '@shared/routes/admin-applications';
import { setPayoutDetails } from '@shared/routes/applications';
import { adminCreatePaymentTemplate } from '@shared/routes/payment-templates';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { createApplication, createManager } from './support/admin-data';
import { logInAsSuperAdmin, openAs, registerVerifiedUser, type Session } from './support/admin-session';
import { useBrowser } from './support/browser';
import { newTronAddress, tronStandIn } from './support/deal-steps';

/**
 * USDT deals through the local TronGrid stand-in: the client's transfer is seen by the
 * chain watcher (the e2e stack runs that job alone, every TRON_POLL_SECONDS) and confirmed once final; a USDT
 * payout's hash that matches completes the deal by itself. The client follows on the order page,
 * whose 15-second refresh is reached by moving its own clock.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

let manager: Session;
let walletTemplateId: string;
const wallet = newTronAddress();

beforeAll(async () => {
  manager = await createManager();
  const admin = await logInAsSuperAdmin();
  const template = await call(adminCreatePaymentTemplate, {
    token: admin.token,
    body: { kind: 'usdt', label: `e2e chain wallet ${wallet.slice(-6)}`, address: wallet },
  });
  if (template.status !== 201) throw new Error(`Template refused: ${JSON.stringify(template.body)}`);
  walletTemplateId = template.body.data!.id;
}, 120_000);

async function orderPage(client: Session, id: string) {
  const page = await newPage({ language: 'en' });
  await page.clock.install();
  await openAs(page, client, `/applications/${id}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

/**
 * Once the watcher has handled every transfer made so far (the stand-in's drain: a watcher run that
 * starts then, and the mails it queued), refreshes the order page (its clock moved 15 s) and waits
 * for `text`.
 */
async function refreshUntil(page: Page, text: string) {
  await tronStandIn('/_local/drain');
  await page.clock.runFor(15_000);
  await page.getByText(text).first().waitFor();
}

async function staffMove(id: string, body: { status: 'PROCESSING' }) {
  const moved = await call(adminChangeApplicationStatus, { token: manager.token, params: { id }, body });
  expect(moved.status).toBe(200);
}

describe('USDT deals on chain', () => {
  it('sees the client pay the unique amount on chain and confirms it without staff', async () => {
    const client = await registerVerifiedUser('chainin');
    const application = await createApplication(client, {
      assetFrom: 'usdt-trc20',
      assetTo: 'card-EUR',
      amount: 250,
    });
    await staffMove(application.id, { status: 'PROCESSING' });
    const issued = await call(adminIssueInstructions, {
      token: manager.token,
      params: { id: application.id },
      body: { text: 'Send exactly the amount below to this address.', templateId: walletTemplateId },
    });
    expect(issued.status).toBe(200);
    const payable = issued.body.data!.instructions!.crypto!.amount;
    expect(String(payable)).toMatch(/^250\.00\d\d$/);

    const page = await orderPage(client, application.id);
    await page.getByText(String(payable)).first().waitFor();
    await page.getByText(wallet).first().waitFor();
    await tronStandIn('/_local/transfers', { to: wallet, amount: String(payable), from: newTronAddress() });
    await tronStandIn('/_local/solidify');
    await refreshUntil(page, 'Your payment has arrived. The office is preparing your payout.');
    const steps = await page.locator('.order-steps').textContent();
    expect(steps).toContain('automatically');
  }, 120_000);

  it('completes a card → USDT deal by itself once the payout hash matches on chain', async () => {
    const client = await registerVerifiedUser('chainout');
    const address = newTronAddress();
    const application = await createApplication(client, { assetFrom: 'card-EUR', amount: 300 });
    await call(setPayoutDetails, {
      token: client.token,
      params: { id: application.id },
      body: { address },
    });
    await staffMove(application.id, { status: 'PROCESSING' });
    await call(adminIssueInstructions, {
      token: manager.token,
      params: { id: application.id },
      body: { text: 'SEPA to DE89 3704 0044 0532 0130 00' },
    });
    await call(adminConfirmPayment, { token: manager.token, params: { id: application.id }, body: {} });

    const sent = await tronStandIn('/_local/transfers', {
      to: address,
      amount: String(application.amountTo),
      from: wallet,
    });
    await tronStandIn('/_local/solidify');
    const page = await orderPage(client, application.id);
    await page.getByText('Your payment has arrived. The office is preparing your payout.').waitFor();

    // Staff record the payout with its hash in the admin detail.
    const staff = await newPage({ language: 'en' });
    await openAs(staff, manager, `/admin/application-management?open_id=${application.id}`);
    await staff.getByRole('dialog').waitFor();
    await staff
      .getByRole('button', { name: /^Record payout$/ })
      .first()
      .click();
    const dialog = staff.getByRole('dialog').last();
    await dialog.getByLabel(/Transaction hash/).fill(String(sent.txId));
    await dialog.getByRole('button', { name: /^Record payout$/ }).click();
    await staff.getByText('Payout recorded.').first().waitFor();

    await refreshUntil(page, 'The exchange is complete. Thank you!');
  }, 120_000);

  it('shows the manager on shift an underpayment on the open deal, live, and on the review list they may open', async () => {
    const client = await registerVerifiedUser('chainshort');
    const application = await createApplication(client, {
      assetFrom: 'usdt-trc20',
      assetTo: 'card-EUR',
      amount: 1000,
    });
    await staffMove(application.id, { status: 'PROCESSING' });
    const issued = await call(adminIssueInstructions, {
      token: manager.token,
      params: { id: application.id },
      body: { text: 'Send exactly the amount below to this address.', templateId: walletTemplateId },
    });
    // The first hold of 1,000 on this file's wallet: the payable amount is the amount.
    expect(issued.body.data!.instructions!.crypto!.amount).toBe('1000.0000');

    const staff = await newPage({ language: 'en' });
    await openAs(staff, manager, `/admin/application-management?open_id=${application.id}`);
    const deal = staff.getByRole('region', { name: 'Deal' });
    await deal.waitFor();
    const sent = await tronStandIn('/_local/transfers', {
      to: wallet,
      amount: '999',
      from: newTronAddress(),
    });
    await tronStandIn('/_local/drain');

    // Live: the open detail reads itself again on the deal's chain event.
    await deal.getByText('999 of 1,000 USDT arrived: on review').waitFor();
    await deal.getByText(String(sent.txId)).waitFor();

    await deal.getByRole('link', { name: 'Open the review list' }).click();
    const review = staff.getByRole('region', { name: /USDT transfers waiting for staff/ });
    const item = review.getByRole('listitem', { name: String(sent.txId) });
    await item.getByText('999.000000 USDT', { exact: true }).waitFor();
    expect(await staff.getByRole('button', { name: 'New template' }).count()).toBe(0);
  }, 120_000);
});

import { randomBytes } from 'node:crypto';
import { postToAmlStandIn } from '@infra/local/aml-stand-in';
import { adminChangeApplicationStatus, adminIssueInstructions } from '@shared/routes/admin-applications';
import { adminCreatePaymentTemplate } from '@shared/routes/payment-templates';
import adminEn from '@web/locales/en/admin.json';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from '../support/api';
import { createApplication, createManager } from './support/admin-data';
import {
  logInAsSuperAdmin,
  openAs,
  registerVerifiedUser,
  type Session,
  waitForAdmin,
} from './support/admin-session';
import { showsToast, useBrowser, VIEWPORTS } from './support/browser';
import { act, exact, fill, newTronAddress, ok, tronStandIn } from './support/deal-steps';

/**
 * Held USDT payments in two browsers (docs/product.md "Held payments"): the client on a phone sees
 * their payment "being checked", staff at a desk see why and act. A payment the AML stand-in scores
 * high is held and refunded less the network fee, the deal's books balanced; a payment from an
 * address staff put on the blacklist is held whatever its score. The chain watcher of the e2e stack
 * reads the TronGrid stand-in; the AML stand-in scores the senders.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();
const deal = adminEn.applications.deal;
const BEING_CHECKED = 'Your payment has arrived and is being checked';

let manager: Session;
let admin: Session;
let walletTemplateId: string;
const wallet = newTronAddress();

beforeAll(async () => {
  manager = await createManager();
  admin = await logInAsSuperAdmin();
  const template = await ok(
    call(adminCreatePaymentTemplate, {
      token: admin.token,
      body: { kind: 'usdt', label: `e2e hold wallet ${wallet.slice(-6)}`, address: wallet },
    }).then((answer) => ({ ...answer, status: answer.status === 201 ? 200 : answer.status })),
    'Template',
  );
  walletTemplateId = template.body.data!.id;
  // The deal's ledger entries are read in this process against the e2e table.
  await import('../support/integration-env');
}, 120_000);

/** A new client's USDT → card deal of 400 USDT, taken, its instructions out: its payable amount. */
async function awaitingUsdt(prefix: string) {
  const client = await registerVerifiedUser(prefix);
  const application = await createApplication(client, {
    assetFrom: 'usdt-trc20',
    assetTo: 'card-EUR',
    amount: 400,
  });
  const params = { id: application.id };
  const token = manager.token;
  await ok(call(adminChangeApplicationStatus, { token, params, body: { status: 'PROCESSING' } }), 'Take');
  const issued = await ok(
    call(adminIssueInstructions, {
      token,
      params,
      body: { text: 'Send exactly the amount below to this address.', templateId: walletTemplateId },
    }),
    'Issue',
  );
  return { client, id: application.id, payable: String(issued.body.data!.instructions!.crypto!.amount) };
}

/** The client's order page on a phone, its 15-second refresh driven by its own clock. */
async function orderPage(client: Session, id: string) {
  const page = await newPage({ language: 'en', width: VIEWPORTS.mobile });
  await page.clock.install();
  await openAs(page, client, `/applications/${id}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

/** The payment sent from `sender` and final; the watcher has handled it, and the order page refreshed. */
async function pay(page: Page, payable: string, sender: string) {
  await tronStandIn('/_local/transfers', { to: wallet, amount: payable, from: sender });
  await tronStandIn('/_local/solidify');
  await tronStandIn('/_local/drain');
  await page.clock.runFor(15_000);
  await page.getByText(BEING_CHECKED).waitFor();
}

async function staffDeal(id: string) {
  const staff = await newPage({ language: 'en', width: VIEWPORTS.desktop });
  await openAs(staff, manager, `/admin/application-management?open_id=${id}`);
  await staff.locator('.modal .facts').first().waitFor();
  await waitForAdmin(staff);
  return staff;
}

describe('a USDT payment held for staff', () => {
  it('scored high by the AML check: held, shown to staff with its score, rejected and refunded less the network fee, the books balanced', async () => {
    const { client, id, payable } = await awaitingUsdt('amlhigh');
    const sender = newTronAddress();
    await postToAmlStandIn(inject('localStack').amlApiUrl, '/_local/score', {
      address: sender,
      riskScore: '91.4',
      signals: [{ key: 'darknet', label: 'Darknet Market', category: 'high', riskScore: '74.0' }],
    });
    const owner = await orderPage(client, id);
    await pay(owner, payable, sender);

    const staff = await staffDeal(id);
    const panel = staff.getByRole('region', { name: 'Deal' });
    await panel.getByText(deal.hold.reason.amlRisk).waitFor();
    await panel.getByText(fill(deal.hold.scoreOf, { score: '91.4', threshold: '50' })).waitFor();
    await panel.getByText(/Darknet Market · high risk · 74 %/).waitFor();

    const short = id.slice(0, 12);
    await staff.getByRole('dialog').getByLabel(`Status of application ${short}`).selectOption('REJECTED');
    await staff.getByLabel(/Reason for rejection/).fill('The funds failed the AML check');
    await showsToast(staff, 'Status changed to Rejected.', () =>
      staff.getByRole('button', { name: 'Reject' }).click(),
    );
    const refund = await act(
      staff,
      deal.actions.recordRefund,
      fill(deal.refund.title, { id: short }),
      deal.refund.submit,
      deal.refunded,
    );
    expect(await refund.dialog.getByLabel(deal.refund.destination).inputValue()).toBe(sender);
    await refund.dialog.getByLabel(deal.refundReference).fill(randomBytes(32).toString('hex'));
    await refund.dialog.getByLabel(deal.refund.networkFee).fill('2');
    await refund.submit();

    const { readApplicationEntries } = await import('@functions/data/ledger');
    const entries = await readApplicationEntries(id);
    const lines = entries.flatMap((entry) => entry.lines);
    const sum = (accountId: string) =>
      lines.filter((line) => line.accountId === accountId).reduce((total, line) => total + line.units, 0n);
    expect(entries.map((entry) => entry.kind).sort()).toEqual(['payment', 'refund']);
    expect(lines.reduce((total, line) => total + line.units, 0n)).toBe(0n);
    expect(sum('clients-USDT')).toBe(0n);
    expect(sum('exchange-USDT')).toBe(-2_000_000n);
    await owner.clock.runFor(15_000);
    await owner.getByText('This application was rejected.').waitFor();
  }, 120_000);

  it('from an address staff put on the blacklist: held whatever its score, staff told why', async () => {
    const sender = newTronAddress();
    const lists = await newPage({ language: 'en', width: VIEWPORTS.desktop });
    await openAs(lists, admin, '/admin/blacklists');
    await waitForAdmin(lists);
    const texts = adminEn.blacklists;
    await lists.getByLabel(exact(texts.kind)).selectOption('tronAddress');
    await lists.getByRole('button', { name: exact(texts.add) }).click();
    const form = lists.getByRole('dialog', {
      name: exact(fill(texts.form.title, { kind: texts.kinds.tronAddress })),
    });
    await form.getByLabel(exact(texts.form.value.tronAddress)).fill(sender);
    await form.getByLabel(exact(texts.form.reason)).fill('Reported stolen funds');
    await showsToast(lists, texts.added, () =>
      form.getByRole('button', { name: exact(texts.form.submit) }).click(),
    );

    const { client, id, payable } = await awaitingUsdt('blheld');
    const owner = await orderPage(client, id);
    await pay(owner, payable, sender);
    const staff = await staffDeal(id);
    await staff.getByRole('region', { name: 'Deal' }).getByText(deal.hold.reason.blacklisted).waitFor();
  }, 120_000);
});

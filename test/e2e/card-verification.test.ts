import {
  adminChangeApplicationStatus,
  adminConfirmPayment,
  adminIssueInstructions,
  adminRecordPayout,
} from '@shared/routes/admin-applications';
import { setPayoutDetails } from '@shared/routes/applications';
import { getMyVerification } from '@shared/routes/verification';
import adminEn from '@web/locales/en/admin.json';
import profileEn from '@web/locales/en/profile.json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, call } from '../support/api';
import { createApplication, createManager } from './support/admin-data';
import { logInAsSuperAdmin, openAs, registerVerifiedUser, type Session } from './support/admin-session';
import { showsToast, useBrowser, VIEWPORTS } from './support/browser';
import { exact, newTronAddress, ok } from './support/deal-steps';

/**
 * A card → USDT deal on a direction that asks for a verified card (docs/product.md "Cards and
 * verification"), in two browsers: the client on a phone adds the card they pay from and applies;
 * staff at a desk cannot issue payment instructions while the card is unverified; the client sends
 * the card's photo beside the code shown; staff approve it in the Verification queue; the deal then
 * goes on to completion. The direction's rule is set here and taken off again after.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();
const deal = adminEn.applications.deal;
const mine = profileEn.verification;
const DIRECTION = { assetFrom: 'card-EUR', assetTo: 'usdt-trc20' };
/** A 1×1 PNG: what a photo must be (its first bytes are checked), not what it shows. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface DirectionRow {
  assetFrom: string;
  assetTo: string;
  markupPercent: number;
  minAmount: number | null;
  maxAmount: number | null;
  isActive: boolean;
}
let admin: Session;
let manager: Session;
let terms: Omit<DirectionRow, 'assetFrom' | 'assetTo'>;

const cardRule = (cardVerification: 'always' | 'never') =>
  api('PUT', '/api/admin/rates', {
    token: admin.token,
    body: { directions: [{ ...DIRECTION, ...terms, cardVerification }] },
  });

beforeAll(async () => {
  admin = await logInAsSuperAdmin();
  manager = await createManager();
  const table = await api<{ directions: DirectionRow[] }>('GET', '/api/admin/rates', { token: admin.token });
  const row = table.body.data!.directions.find(
    (d) => d.assetFrom === DIRECTION.assetFrom && d.assetTo === DIRECTION.assetTo,
  )!;
  const { markupPercent, minAmount, maxAmount, isActive } = row;
  terms = { markupPercent, minAmount, maxAmount, isActive };
  expect((await cardRule('always')).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await cardRule('never');
});

describe('a card → USDT deal on a direction asking for a verified card', () => {
  it('waits for the card to be verified, then is paid, paid out and completed', async () => {
    const client = await registerVerifiedUser('cardverify');
    const phone = await newPage({ language: 'en', width: VIEWPORTS.mobile });
    await openAs(phone, client, '/profile/verification');
    const add = phone.getByRole('form', { name: mine.cards.add });
    await add.getByLabel(exact(mine.cards.bank)).fill('Sparkasse');
    await add.getByLabel(exact(mine.cards.last4)).fill('4242');
    await add.getByLabel(exact(mine.cards.holder)).fill('Anna Schmidt');
    await add.getByRole('button', { name: exact(mine.cards.add) }).click();
    await phone.getByText('Sparkasse •••• 4242').waitFor();
    const cards = await call(getMyVerification, { token: client.token });
    const cardId = cards.body.data!.cards[0]!.id;

    const application = await createApplication(client, { ...DIRECTION, amount: 300, payerCardId: cardId });
    const params = { id: application.id };
    await ok(
      call(setPayoutDetails, { token: client.token, params, body: { address: newTronAddress() } }),
      'Details',
    );
    await ok(
      call(adminChangeApplicationStatus, { token: manager.token, params, body: { status: 'PROCESSING' } }),
      'Take',
    );

    // Staff: no instructions while the card is unverified, and why.
    const desk = await newPage({ language: 'en', width: VIEWPORTS.desktop });
    await openAs(desk, manager, `/admin/application-management?open_id=${application.id}`);
    const panel = desk.getByRole('region', { name: 'Deal' });
    await panel.getByText(deal.payerCard.waiting).waitFor();
    expect(await panel.getByRole('button', { name: exact(deal.actions.issueInstructions) }).count()).toBe(0);
    const refused = await call(adminIssueInstructions, {
      token: manager.token,
      params,
      body: { text: 'SEPA to DE89 3704 0044' },
    });
    expect(refused.body).toMatchObject({ success: false });

    // The client photographs the card beside the code and sends it.
    await phone.getByRole('button', { name: exact(mine.cards.verify) }).click();
    const code = await phone.locator('.verification-code').textContent();
    expect(code).toMatch(/^\d{6}$/);
    await phone
      .getByLabel(mine.photo.card)
      .setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: PHOTO });
    await showsToast(phone, mine.sent, () => phone.getByRole('button', { name: exact(mine.send) }).click());

    // Staff approve it in the queue, with the code to look for.
    const queue = await newPage({ language: 'en', width: VIEWPORTS.desktop });
    await openAs(queue, manager, '/admin/verification');
    await queue
      .getByRole('button', { name: exact(adminEn.verification.open) })
      .first()
      .click();
    await queue.getByText(adminEn.verification.code.replace('{{code}}', code!)).waitFor();
    await showsToast(queue, adminEn.verification.approved, () =>
      queue.getByRole('button', { name: exact(adminEn.verification.approve) }).click(),
    );

    // The deal goes on: instructions, the payment, the payout, completed.
    await desk.reload();
    await desk
      .getByRole('region', { name: 'Deal' })
      .getByRole('button', { name: exact(deal.actions.issueInstructions) })
      .waitFor();
    const token = manager.token;
    await ok(
      call(adminIssueInstructions, { token, params, body: { text: 'SEPA to DE89 3704 0044' } }),
      'Issue',
    );
    await ok(call(adminConfirmPayment, { token, params, body: { payerName: 'ANNA SCHMIDT' } }), 'Confirm');
    await ok(
      call(adminRecordPayout, { token, params, body: { note: 'Sent from the office wallet' } }),
      'Payout',
    );
    await ok(
      call(adminChangeApplicationStatus, { token, params, body: { status: 'COMPLETED' } }),
      'Complete',
    );
    await openAs(phone, client, `/applications/${application.id}`);
    await phone.getByText('The exchange is complete. Thank you!').waitFor();
  }, 120_000);
});

import { adminGetApplication } from '@shared/routes/admin-applications';
import {
  createGuestApplication,
  getMyApplication,
  joinGuestApplication,
  listMyApplications,
  openGuestOrder,
} from '@shared/routes/applications';
import { authLogin, authMe, authResetPassword } from '@shared/routes/auth';
import { describe, expect, it } from 'vitest';
import { asNewVisitor, call, runId } from '../../support/api';
import { latestMailTo, mailsTo, outboxSettled } from '../../support/mail';
import { standardBody } from './bodies';
import { newUser } from './fixtures';

/**
 * Guest exchange over HTTP (docs/product.md §5 "Guest exchange"): an application with an email and
 * no password, the mailed link that opens it, the password set later, and an address that already
 * has an account, whose owner alone can add the application to it.
 */
const guestEmail = () => `guest-${runId()}@example.test`;
const fromMonitor = { monitorFrom: 'CARDEUR', monitorTo: 'USDTTRC20', referrer: 'www.bestchange.ru' };

function apply(email: string, application: Record<string, unknown> = {}, headers = asNewVisitor()) {
  return call(createGuestApplication, {
    body: {
      email,
      language: 'en',
      application: standardBody({ source: fromMonitor, ...application }),
    } as never,
    headers,
  });
}

/** The token of the link in a mail's text that opens `page` (`/guest/order`, `/reset-password`). */
function linkToken(text: string | undefined, page: string): string {
  const match = new RegExp(`${page}#token=([A-Za-z0-9_%-]+)`).exec(text ?? '');
  if (!match) throw new Error(`No ${page} link in: ${text}`);
  return decodeURIComponent(match[1]!);
}

describe('POST /api/applications/guest with a new address', () => {
  it('creates the account and the order at once, with a session for this browser and the monitor as its source', async () => {
    const email = guestEmail();
    const answer = await apply(email);
    expect(answer.status).toBe(201);
    const data = answer.body.data!;
    if (data.outcome !== 'created') throw new Error(`created expected: ${JSON.stringify(data)}`);
    expect(data.application).toMatchObject({ status: 'PENDING', amountFrom: 500 });
    // Staff see where the guest came from: the monitor's link.
    const admin = await newUser({ role: 'ADMIN' });
    const seen = await call(adminGetApplication, { params: { id: data.application.id }, token: admin.token });
    expect(seen.body.data).toMatchObject({ source: fromMonitor, user: expect.objectContaining({ email }) });
    expect(data.session.user).toMatchObject({ email, emailVerified: false });
    const order = await call(getMyApplication, {
      params: { id: data.application.id },
      token: data.session.token,
    });
    expect(order.status).toBe(200);
    // No password: no password logs in.
    const login = await call(authLogin, { body: { loginIdentifier: email, password: 'Anything-at-all-1' } });
    expect(login.status).toBe(401);
  });

  it('mails the order link and a set-password link; the order link opens it until a password is set, then asks to sign in', async () => {
    const email = guestEmail();
    const created = (await apply(email)).body.data!;
    if (created.outcome !== 'created') throw new Error('created expected');
    const mail = await latestMailTo(email);
    expect(mail.subject).toMatch(/^Application .* received$/);
    expect(mail.body.text).toContain('To keep this account, set a password');
    const orderToken = linkToken(mail.body.text, '/guest/order');
    const passwordToken = linkToken(mail.body.text, '/reset-password');

    // The link works more than once: it is how a guest comes back.
    for (let visit = 0; visit < 2; visit += 1) {
      const opened = await call(openGuestOrder, { body: { token: orderToken } });
      expect(opened.status).toBe(200);
      expect(opened.body.data!.applicationId).toBe(created.application.id);
      const order = await call(getMyApplication, {
        params: { id: created.application.id },
        token: opened.body.data!.session.token,
      });
      expect(order.status).toBe(200);
    }

    const password = 'Guest-password-9';
    const reset = await call(authResetPassword, { body: { token: passwordToken, password } });
    expect(reset.status).toBe(200);
    // The session the submit gave ends with the password: whoever typed the address may not be its owner.
    expect((await call(authMe, { token: created.session.token })).status).toBe(401);
    const again = await call(openGuestOrder, { body: { token: orderToken } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'GuestOrderNeedsSignIn',
      params: { applicationId: created.application.id },
    });
    const login = await call(authLogin, { body: { loginIdentifier: email, password } });
    expect(login.status).toBe(200);
    const session = login.body.data as { token: string };
    const mine = await call(listMyApplications, { token: session.token });
    expect(mine.body.data!.items.map((item) => item.id)).toEqual([created.application.id]);
  });

  it('writes nothing for an application the rules refuse: the same address later gets its account', async () => {
    const email = guestEmail();
    const refused = await apply(email, { amount: 1 });
    expect(refused.status).toBe(400);
    await outboxSettled();
    expect(await mailsTo(email)).toEqual([]);
    const created = await apply(email);
    expect(created.body, JSON.stringify(created.body)).toMatchObject({ data: { outcome: 'created' } });
  });

  it('refuses a missing address or a bad link in the envelope, with the field or the code', async () => {
    const noEmail = await call(createGuestApplication, {
      body: { application: standardBody() } as never,
      headers: asNewVisitor(),
    });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body).toMatchObject({
      success: false,
      errors: [expect.objectContaining({ path: 'email' })],
    });
    for (const route of [openGuestOrder, joinGuestApplication]) {
      const bad = await call(route, { body: { token: 'x'.repeat(40) } });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, code: 'GuestLinkInvalid' });
    }
  });
});

describe('POST /api/applications/guest with an address that has an account', () => {
  it("shows nothing of the account, and adds the application only from its owner's mailbox, once", async () => {
    const owner = await newUser();
    const answer = await apply(owner.email, { amount: 600 });
    expect(answer.status).toBe(202);
    expect(answer.body.data).toEqual({ outcome: 'confirmByMail' });
    expect((await call(listMyApplications, { token: owner.token })).body.data!.items).toEqual([]);

    const mail = await latestMailTo(owner.email);
    // In the account's language (Russian here), not the page's the guest used.
    expect(mail.subject).toBe('Добавить заявку в ваш аккаунт?');
    expect(mail.body.text).toContain('600 EUR (карта) → USDT');
    const token = linkToken(mail.body.text, '/guest/join');
    const joined = await call(joinGuestApplication, { body: { token } });
    expect(joined.status).toBe(201);
    const mine = (await call(listMyApplications, { token: owner.token })).body.data!.items;
    expect(mine.map((item) => [item.id, item.amountFrom])).toEqual([[joined.body.data!.applicationId, 600]]);
    const twice = await call(joinGuestApplication, { body: { token } });
    expect(twice.body).toMatchObject({ code: 'GuestLinkInvalid' });
    expect((await call(listMyApplications, { token: owner.token })).body.data!.items).toHaveLength(1);
  });

  it("answers a staff member's address the same and mails it nothing", async () => {
    const staff = await newUser({ role: 'MANAGER' });
    const answer = await apply(staff.email);
    expect(answer.status).toBe(202);
    expect(answer.body.data).toEqual({ outcome: 'confirmByMail' });
    await outboxSettled();
    expect(await mailsTo(staff.email)).toEqual([]);
  });
});

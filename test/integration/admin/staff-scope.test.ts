import { randomBytes } from 'node:crypto';
import type { ApplicationView } from '@shared/contract/applications';
import {
  adminChangeApplicationStatus,
  adminGetApplication,
  adminIssueInstructions,
  adminListApplications,
  adminRecordRefund,
  adminUpdateApplicationDetails,
} from '@shared/routes/admin-applications';
import { adminGetUser, adminUpdateUser, adminUserApplications } from '@shared/routes/admin-users';
import { markPaid, setPayoutDetails } from '@shared/routes/applications';
import { authMe } from '@shared/routes/auth';
import { adminListMessages, adminPostMessage } from '@shared/routes/messages';
import type { StaffScope } from '@shared/staff-scope';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api';
import type { TestUser } from '../../support/users';
import { createApplication, newUser, setStatus, standardBody } from '../applications/fixtures';

/**
 * A MANAGER's narrower rights (docs/operations.md "Staff shifts and rights"): an ADMIN names the cities and
 * directions a manager handles and whether they may refund; the server shows them only those deals
 * (the list, a user's list, the detail) and refuses every action on another (403), and a refund
 * without the right. ADMINs are never narrowed. Each test has a client of its own, so the lists are
 * filtered by that client and hold only this file's deals.
 */
const MADRID = 'europe.spain.madrid';
const ALMATY = { continent: 'cis', country: 'cis.kazakhstan', city: 'cis.kazakhstan.almaty' };
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

let admin: TestUser;

beforeAll(async () => {
  admin = await newUser({ role: 'ADMIN' });
});

const narrow = (manager: TestUser, scope: StaffScope, token = admin.token) =>
  call(adminUpdateUser, { token, params: { id: manager.id }, body: { scope } });

/** A manager an ADMIN narrowed to `scope`. */
async function scopedManager(scope: StaffScope): Promise<TestUser> {
  const manager = await newUser({ role: 'MANAGER' });
  const answer = await narrow(manager, scope);
  expect(answer.status).toBe(200);
  return manager;
}

/** A client with a card-EUR → USDT deal in Madrid and a cash-KZT → USDT one in Almaty. */
async function clientWithTwoDeals() {
  const client = await newUser({ language: 'en' });
  const madrid = await createApplication(client, standardBody({ amount: 400 }));
  const almaty = await createApplication(
    client,
    standardBody({ ...ALMATY, assetFrom: 'cash-KZT', amount: 300_000 }),
  );
  return { client, madrid, almaty };
}

const listed = async (staff: TestUser, userId: string) => {
  const answer = await call(adminListApplications, { token: staff.token, query: { userId } });
  expect(answer.status).toBe(200);
  return answer.body.data!.items.map((item) => item.id).sort();
};
const detail = (staff: TestUser, id: string) =>
  call(adminGetApplication, { token: staff.token, params: { id } });
const ids = (...applications: ApplicationView[]) => applications.map((application) => application.id).sort();

describe("an ADMIN narrowing a MANAGER's rights", () => {
  it('stores the scope, shows it on the account, and audits it before and after', async () => {
    const manager = await newUser({ role: 'MANAGER' });
    const scope = { cities: [MADRID], directions: null, mayRefund: false };

    const answer = await narrow(manager, scope);

    expect(answer.status).toBe(200);
    expect(answer.body.data!.scope).toEqual(scope);
    expect((await call(authMe, { token: manager.token })).body.data!.user.scope).toEqual(scope);
    const [entry] = (await call(adminGetUser, { token: admin.token, params: { id: manager.id } })).body.data!
      .audit;
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'user.update',
      before: { scope: { cities: null, directions: null, mayRefund: true } },
      after: { scope },
    });
  });

  it("refuses to narrow an ADMIN's rights, and lets no MANAGER narrow anyone's", async () => {
    const [otherAdmin, manager, colleague] = [
      await newUser({ role: 'ADMIN' }),
      await newUser({ role: 'MANAGER' }),
      await newUser({ role: 'MANAGER' }),
    ];
    const scope = { cities: [MADRID], directions: null, mayRefund: true };
    const superAdmin = await newUser({ role: 'SUPER_ADMIN' });

    const onAdmin = await narrow(otherAdmin, scope, superAdmin.token);
    const byManager = await narrow(colleague, scope, manager.token);

    expect(onAdmin.status).toBe(400);
    expect(onAdmin.body.code).toBe('ScopeOnlyForManagers');
    expect(byManager.status).toBe(403);
  });
});

describe('a manager narrowed to one city', () => {
  it("lists only that city's deals, in the applications list and in a user's", async () => {
    const { client, madrid } = await clientWithTwoDeals();
    const manager = await scopedManager({ cities: [MADRID], directions: null, mayRefund: true });

    expect(await listed(manager, client.id)).toEqual(ids(madrid));
    const ofUser = await call(adminUserApplications, { token: manager.token, params: { id: client.id } });
    expect(ofUser.body.data!.items.map((item) => item.id)).toEqual([madrid.id]);
  });

  it("opens that city's deal and refuses another city's with 403 and a clear message", async () => {
    const { madrid, almaty } = await clientWithTwoDeals();
    const manager = await scopedManager({ cities: [MADRID], directions: null, mayRefund: true });

    expect((await detail(manager, madrid.id)).status).toBe(200);
    const refused = await detail(manager, almaty.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'DealOutsideScope',
      message:
        'This deal is outside the cities and directions you handle. An administrator can widen your rights.',
    });
  });

  it("is refused every action on another city's deal: status, note, instructions, the thread", async () => {
    const { madrid, almaty } = await clientWithTwoDeals();
    const manager = await scopedManager({ cities: [MADRID], directions: null, mayRefund: true });
    const params = { id: almaty.id };

    const answers = [
      await call(adminChangeApplicationStatus, {
        token: manager.token,
        params,
        body: { status: 'PROCESSING' },
      }),
      await call(adminUpdateApplicationDetails, {
        token: manager.token,
        params,
        body: { adminNote: 'mine?' },
      }),
      await call(adminIssueInstructions, { token: manager.token, params, body: { text: 'Pay here' } }),
      await call(adminListMessages, { token: manager.token, params }),
      await call(adminPostMessage, {
        token: manager.token,
        params,
        body: { text: 'Hello', attachmentIds: [] },
      }),
    ];

    expect(answers.map((answer) => [answer.status, answer.body.code])).toEqual(
      answers.map(() => [403, 'DealOutsideScope']),
    );
    // Their own city's deal they work as before.
    expect((await setStatus(manager, madrid.id, 'PROCESSING')).status).toBe(200);
  });
});

describe('a manager narrowed to one direction', () => {
  it('sees and works only the deals of that direction, named assetFrom→assetTo', async () => {
    const { client, madrid, almaty } = await clientWithTwoDeals();
    const manager = await scopedManager({
      cities: null,
      directions: ['cash-KZT→usdt-trc20'],
      mayRefund: true,
    });

    expect(await listed(manager, client.id)).toEqual(ids(almaty));
    expect((await detail(manager, almaty.id)).status).toBe(200);
    expect((await detail(manager, madrid.id)).status).toBe(403);
    expect((await setStatus(manager, madrid.id, 'PROCESSING')).status).toBe(403);
  });
});

describe('refunds', () => {
  /** A Madrid deal the client paid for and staff then rejected: what a refund is recorded on. */
  async function paidAndRejected(staff: TestUser) {
    const client = await newUser({ language: 'en' });
    const application = await createApplication(client, standardBody({ amount: 400 }));
    const params = { id: application.id };
    expect((await setStatus(staff, application.id, 'PROCESSING')).status).toBe(200);
    await call(adminIssueInstructions, { token: staff.token, params, body: { text: 'Pay by SEPA.' } });
    await call(setPayoutDetails, { token: client.token, params, body: { address: ADDRESS } });
    await call(markPaid, { token: client.token, params, body: { txHash: randomBytes(32).toString('hex') } });
    const rejected = await setStatus(staff, application.id, 'REJECTED', {
      rejectionReason: 'Third-party payment',
    });
    expect(rejected.status).toBe(200);
    return application;
  }
  const refund = (staff: TestUser, id: string) =>
    call(adminRecordRefund, { token: staff.token, params: { id }, body: { reference: `SEPA return ${id}` } });

  it('are refused to a manager without the right, within their city, and recorded by one with it', async () => {
    const withoutRight = await scopedManager({ cities: [MADRID], directions: null, mayRefund: false });
    const withRight = await scopedManager({ cities: [MADRID], directions: null, mayRefund: true });
    const application = await paidAndRejected(withoutRight);
    // The detail offers the refund only to the one who may record it.
    expect((await detail(withoutRight, application.id)).body.data!.allowedActions).not.toContain(
      'recordRefund',
    );
    expect((await detail(withRight, application.id)).body.data!.allowedActions).toContain('recordRefund');

    const refused = await refund(withoutRight, application.id);
    const recorded = await refund(withRight, application.id);

    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('RefundNotInScope');
    expect(recorded.status).toBe(200);
    expect(recorded.body.data!.refund).toMatchObject({ by: withRight.id });
  });
});

describe('an ADMIN', () => {
  it('sees and works every deal, whatever scope was stored for them while they were a manager', async () => {
    const { client, madrid, almaty } = await clientWithTwoDeals();
    const promoted = await scopedManager({ cities: [MADRID], directions: null, mayRefund: false });
    const superAdmin = await newUser({ role: 'SUPER_ADMIN' });
    const promotion = await call(adminUpdateUser, {
      token: superAdmin.token,
      params: { id: promoted.id },
      body: { role: 'ADMIN' },
    });
    expect(promotion.status).toBe(200);
    expect(promotion.body.data!.scope).toBeNull();

    expect(await listed(admin, client.id)).toEqual(ids(madrid, almaty));
    expect((await detail(admin, almaty.id)).status).toBe(200);
    expect((await setStatus(admin, almaty.id, 'PROCESSING')).status).toBe(200);
  });
});

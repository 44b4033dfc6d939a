import { QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut } from '@functions/data/audit';
import { db, tableName } from '@functions/data/client';
import { keys } from '@functions/data/keys';
import { adminAuditTrail } from '@shared/routes/audit';
import { AROUND_THE_CLOCK } from '@shared/working-hours';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, asNewVisitor, call, runId } from '../../support/api';
import { createVerifiedUser, type TestUser } from '../../support/users';
import { createApplication } from '../applications/fixtures';

/**
 * The audit trail (GET /admin/audit, ADMIN+): each staff change is an entry naming who, from which
 * address and device, before and after; the page filters by kind, staff member, object and business
 * day. Each test reads the entries of an actor of its own, so the shared table's others never count.
 */
let admin: TestUser;

beforeAll(async () => {
  admin = await createVerifiedUser({ role: 'ADMIN' });
});

/** A city no other test uses. */
const GEO_KEY = 'middle_east.oman.salalah';

const DEVICE = 'Mozilla/5.0 (audit trail test) Chromium/130';

/** A fresh SUPER_ADMIN calling from an address of their own with a known device. */
async function actingStaff() {
  const actor = await createVerifiedUser({ role: 'SUPER_ADMIN' });
  const visitor = asNewVisitor();
  const ip = Object.values(visitor)[0]!;
  const headers = { ...visitor, 'user-agent': DEVICE };
  const send = (method: string, path: string, body?: unknown) =>
    api<{ id?: string }>(method, path, { token: actor.token, body, headers });
  return { actor, ip, send };
}

type Send = Awaited<ReturnType<typeof actingStaff>>['send'];

interface CoveredChange {
  name: string;
  kind: string;
  /** Makes the change (the answer's status checked), answering the object the entry is about. */
  change: (send: Send) => Promise<{ targetType: string; targetId: string }>;
}

const ok = async (answer: Promise<{ status: number; body: unknown }>) => {
  const settled = await answer;
  expect(settled.status, JSON.stringify(settled.body)).toBeLessThan(300);
  return settled as { status: number; body: { data?: { id?: string } } };
};

const templateBody = (details: string) => ({
  kind: 'card',
  label: `Audit ${runId()}`,
  currency: 'EUR',
  details,
});

/** One change of each kind the trail covers, through the admin routes as the web makes them. */
const COVERED: CoveredChange[] = [
  {
    name: 'a rate',
    kind: 'rates',
    change: async (send) => {
      // Two values, so one of them is a change whatever the last test left (an unchanged table writes nothing).
      for (const usdValue of [0.0171, 0.0172])
        await ok(send('PUT', '/api/admin/rates', { currencies: [{ code: 'DOP', usdValue }] }));
      return { targetType: 'rates', targetId: 'table' };
    },
  },
  {
    name: 'a setting',
    kind: 'settings',
    change: async (send) => {
      await ok(send('PUT', '/api/admin/settings/applicationExpiryHours', { value: 24 }));
      return { targetType: 'setting', targetId: 'applicationExpiryHours' };
    },
  },
  {
    name: 'a geo switch',
    kind: 'geo',
    change: async (send) => {
      // Off, then on again: a switch to where it already is writes nothing.
      for (const isActive of [false, true])
        await ok(send('PUT', '/api/admin/geo/toggle', { locationKey: GEO_KEY, isActive }));
      return { targetType: 'geo', targetId: GEO_KEY };
    },
  },
  {
    name: "the cards' hours",
    kind: 'geo',
    change: async (send) => {
      await ok(
        send('PUT', '/api/admin/geo/card-hours', { timeZone: 'Europe/Moscow', week: AROUND_THE_CLOCK }),
      );
      return { targetType: 'geo', targetId: 'card-hours' };
    },
  },
  {
    name: "a payment template's card number",
    kind: 'templates',
    change: async (send) => {
      const saved = await ok(
        send('POST', '/api/admin/payment-templates', templateBody('4276 0000 0000 0001')),
      );
      const id = saved.body.data!.id!;
      await ok(send('PUT', `/api/admin/payment-templates/${id}`, templateBody('4276 9999 9999 9999')));
      return { targetType: 'paymentTemplate', targetId: id };
    },
  },
  {
    name: 'an invitation',
    kind: 'staff',
    change: async (send) => {
      const sent = await ok(
        send('POST', '/api/admin/staff-invitations', {
          email: `audit-${runId()}@example.test`,
          role: 'MANAGER',
          language: 'en',
        }),
      );
      return { targetType: 'staffInvitation', targetId: sent.body.data!.id! };
    },
  },
  {
    name: 'a role',
    kind: 'staff',
    change: async (send) => {
      const target = await createVerifiedUser();
      await ok(send('PUT', `/api/admin/users/${target.id}/role`, { role: 'MANAGER' }));
      return { targetType: 'user', targetId: target.id };
    },
  },
  {
    name: 'an account of the books and its opening balance',
    kind: 'books',
    change: async (send) => {
      const opened = await ok(
        send('POST', '/api/admin/ledger/accounts', {
          name: `Audit desk ${runId()}`,
          kind: 'cash',
          currency: 'VND',
          assets: ['cash-VND'],
        }),
      );
      const id = opened.body.data!.id!;
      await ok(
        send('POST', `/api/admin/ledger/accounts/${id}/adjustments`, { amount: '5', reason: 'Opening' }),
      );
      return { targetType: 'ledgerAccount', targetId: id };
    },
  },
  {
    name: 'a reserve',
    kind: 'reserves',
    change: async (send) => {
      for (const alertLevel of [10, 11])
        await ok(
          send('PUT', '/api/admin/reserves', { reserves: [{ code: 'DOP', amount: 100_000, alertLevel }] }),
        );
      return { targetType: 'reserves', targetId: 'table' };
    },
  },
  {
    name: 'a payment template deleted',
    kind: 'templates',
    change: async (send) => {
      const saved = await ok(
        send('POST', '/api/admin/payment-templates', templateBody('4276 0000 0000 0002')),
      );
      const id = saved.body.data!.id!;
      await ok(send('DELETE', `/api/admin/payment-templates/${id}`));
      return { targetType: 'paymentTemplate', targetId: id };
    },
  },
  {
    name: 'an invitation revoked',
    kind: 'staff',
    change: async (send) => {
      const sent = await ok(
        send('POST', '/api/admin/staff-invitations', {
          email: `audit-${runId()}@example.test`,
          role: 'MANAGER',
          language: 'ru',
        }),
      );
      const id = sent.body.data!.id!;
      await ok(send('DELETE', `/api/admin/staff-invitations/${id}`));
      return { targetType: 'staffInvitation', targetId: id };
    },
  },
  {
    name: 'a user deactivated',
    kind: 'staff',
    change: async (send) => {
      const target = await createVerifiedUser();
      await ok(send('PUT', `/api/admin/users/${target.id}/deactivate`));
      return { targetType: 'user', targetId: target.id };
    },
  },
  {
    name: "a day's count of an account",
    kind: 'books',
    change: async (send) => {
      const opened = await ok(
        send('POST', '/api/admin/ledger/accounts', {
          name: `Audit count ${runId()}`,
          kind: 'cash',
          currency: 'VND',
          assets: ['cash-VND'],
        }),
      );
      const id = opened.body.data!.id!;
      await ok(send('PUT', `/api/admin/ledger/days/2025-01-15/counts/${id}`, { counted: '0' }));
      return { targetType: 'ledgerAccount', targetId: id };
    },
  },
  {
    name: "a deal's payment instructions",
    kind: 'deals',
    change: async (send) => {
      const application = await createApplication(await createVerifiedUser());
      await ok(send('POST', `/api/admin/applications/${application.id}/status`, { status: 'PROCESSING' }));
      await ok(
        send('POST', `/api/admin/applications/${application.id}/instructions`, { text: 'Pay at the office' }),
      );
      return { targetType: 'application', targetId: application.id };
    },
  },
  {
    name: 'a deal taken into work',
    kind: 'deals',
    change: async (send) => {
      const application = await createApplication(await createVerifiedUser());
      await ok(send('POST', `/api/admin/applications/${application.id}/status`, { status: 'PROCESSING' }));
      return { targetType: 'application', targetId: application.id };
    },
  },
];

/** The stored items of an object's trail, as DynamoDB holds them (JSON of each whole item). */
async function storedTrail(targetType: string, targetId: string): Promise<string[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.auditPartition(targetType, targetId) },
    }),
  );
  return (Items ?? []).map((item) => JSON.stringify(item));
}

describe('GET /admin/audit: every covered change is an entry', () => {
  it.each(COVERED)('$name names the staff member, their address and device', async ({ kind, change }) => {
    const { actor, ip, send } = await actingStaff();
    // The same change once before, so the object has earlier entries the second must leave as they were.
    const earlierTarget = await change((await actingStaff()).send);
    const earlier = await storedTrail(earlierTarget.targetType, earlierTarget.targetId);

    const target = await change(send);

    const answer = await call(adminAuditTrail, {
      query: { actorId: actor.id, ...target },
      token: admin.token,
    });
    expect(answer.status).toBe(200);
    expect(await storedTrail(earlierTarget.targetType, earlierTarget.targetId)).toEqual(
      expect.arrayContaining(earlier),
    );
    const [latest] = answer.body.data!.items;
    expect(latest).toMatchObject({
      kind,
      actorId: actor.id,
      actorRole: 'SUPER_ADMIN',
      actorName: actor.username,
      ip,
      device: DEVICE,
      ...target,
    });
  });

  it("keeps a template's card number before and after", async () => {
    const { actor, send } = await actingStaff();
    const target = await COVERED.find((covered) => covered.kind === 'templates')!.change(send);

    const answer = await call(adminAuditTrail, {
      query: { actorId: actor.id, ...target },
      token: admin.token,
    });

    const [update] = answer.body.data!.items;
    expect(update).toMatchObject({
      action: 'paymentTemplate.update',
      before: { details: '4276 0000 0000 0001' },
      after: { details: '4276 9999 9999 9999' },
    });
  });
});

/** Entries of a fresh actor written at chosen instants, as a change's transaction writes them. */
async function entriesAt(instants: string[]) {
  const actorId = `audit-actor-${runId()}`;
  const targetId = `audit-target-${runId()}`;
  for (const at of instants) {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          auditPut({
            actorId,
            actorRole: 'ADMIN',
            action: 'setting.update',
            targetType: 'setting',
            targetId,
            before: { value: 1 },
            after: { value: 2 },
            at: new Date(at),
          }),
        ],
      }),
    );
  }
  return { actorId, targetId };
}

describe('GET /admin/audit: the security kind', () => {
  it("lists the security log's changes of every kind and nothing else", async () => {
    const { actor, send } = await actingStaff();
    const target = await createVerifiedUser();
    await ok(send('PUT', `/api/admin/users/${target.id}/role`, { role: 'MANAGER' }));
    await ok(send('PUT', '/api/admin/settings/applicationExpiryHours', { value: 24 }));
    await ok(send('POST', '/api/admin/payment-templates', templateBody('4276 0000 0000 0003')));

    const answer = await call(adminAuditTrail, {
      query: { actorId: actor.id, kind: 'security' },
      token: admin.token,
    });

    expect(answer.body.data!.items.map((entry) => [entry.kind, entry.action])).toEqual([
      ['settings', 'setting.update'],
      ['staff', 'user.role'],
    ]);
  });
});

describe('an audit entry cannot be replaced', () => {
  it('a second write of an existing entry is refused and the entry stays as it was', async () => {
    const entry = auditPut({
      actorId: `audit-actor-${runId()}`,
      actorRole: 'ADMIN',
      action: 'setting.update',
      targetType: 'setting',
      targetId: `audit-target-${runId()}`,
      before: { value: 1 },
      after: { value: 2 },
    });
    await db.send(new TransactWriteCommand({ TransactItems: [entry] }));
    const forged = { Put: { ...entry.Put!, Item: { ...entry.Put!.Item, after: { value: 3 } } } };

    await expect(db.send(new TransactWriteCommand({ TransactItems: [forged] }))).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });
    const item = entry.Put!.Item!;
    const stored = await storedTrail('setting', String(item.targetId));
    expect(stored.map((json) => JSON.parse(json))).toEqual([item]);
  });
});

describe('GET /admin/audit: filters', () => {
  it('reads a business day (Moscow) across its two UTC days, and nothing of the days beside it', async () => {
    // 2026-03-10 in Moscow (UTC+3) is 2026-03-09T21:00Z up to 2026-03-10T21:00Z.
    const { actorId } = await entriesAt([
      '2026-03-09T20:59:59.999Z',
      '2026-03-09T21:00:00.000Z',
      '2026-03-10T12:00:00.000Z',
      '2026-03-10T20:59:59.999Z',
      '2026-03-10T21:00:00.000Z',
    ]);

    const answer = await call(adminAuditTrail, {
      query: { actorId, from: '2026-03-10', to: '2026-03-10' },
      token: admin.token,
    });

    expect(answer.status).toBe(200);
    expect(answer.body.data!.items.map((entry) => entry.at)).toEqual([
      '2026-03-10T20:59:59.999Z',
      '2026-03-10T12:00:00.000Z',
      '2026-03-09T21:00:00.000Z',
    ]);
    expect(answer.body.data).toMatchObject({
      period: { from: '2026-03-10', to: '2026-03-10' },
      timeZone: 'Europe/Moscow',
    });
  });

  it('pages by cursor, newest first, without losing or repeating an entry', async () => {
    const instants = ['2026-04-01T10:00:00.000Z', '2026-04-01T22:00:00.000Z', '2026-04-02T09:00:00.000Z'];
    const { actorId } = await entriesAt(instants);
    const query = { actorId, from: '2026-04-01', to: '2026-04-02', limit: 2 };

    const first = await call(adminAuditTrail, { query, token: admin.token });
    const second = await call(adminAuditTrail, {
      query: { ...query, cursor: first.body.data!.nextCursor! },
      token: admin.token,
    });

    expect([...first.body.data!.items, ...second.body.data!.items].map((entry) => entry.at)).toEqual(
      [...instants].reverse(),
    );
    expect(second.body.data!.nextCursor).toBeNull();
  });

  it("shows one object's own trail, and a kind's entries only", async () => {
    const { actorId, targetId } = await entriesAt(['2026-05-05T08:00:00.000Z']);
    const query = { actorId, from: '2026-05-01', to: '2026-05-31' };

    const own = await call(adminAuditTrail, {
      query: { ...query, targetType: 'setting', targetId },
      token: admin.token,
    });
    const other = await call(adminAuditTrail, {
      query: { ...query, targetType: 'setting', targetId: `${targetId}-other` },
      token: admin.token,
    });
    const settings = await call(adminAuditTrail, {
      query: { ...query, kind: 'settings' },
      token: admin.token,
    });
    const rates = await call(adminAuditTrail, { query: { ...query, kind: 'rates' }, token: admin.token });

    const whole = await call(adminAuditTrail, {
      query: { targetType: 'setting', targetId },
      token: admin.token,
    });

    expect(own.body.data!.items).toMatchObject([{ targetId, kind: 'settings', ip: null, device: null }]);
    // Asked without a period, an object's trail is all of it.
    expect(whole.body.data).toMatchObject({
      period: null,
      items: [{ targetId, at: '2026-05-05T08:00:00.000Z' }],
    });
    expect(other.body.data!.items).toEqual([]);
    expect(settings.body.data!.items).toHaveLength(1);
    expect(rates.body.data!.items).toEqual([]);
  });

  it('answers an object id without its type as 400 in the envelope', async () => {
    const answer = await api('GET', '/api/admin/audit?targetId=abc', { token: admin.token });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      errors: [{ path: 'query.targetType', code: 'auditTargetType' }],
    });
  });

  it('is refused to a MANAGER', async () => {
    const manager = await createVerifiedUser({ role: 'MANAGER' });

    expect((await call(adminAuditTrail, { token: manager.token })).status).toBe(403);
  });
});

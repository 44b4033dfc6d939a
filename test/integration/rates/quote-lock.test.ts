import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { listAuditFor } from '@functions/data/audit';
import { db, tableName } from '@functions/data/client';
import { keys } from '@functions/data/keys';
import type {
  AdminApplicationDetail,
  AdminApplicationView,
  ApplicationView,
  ExpiredQuote,
} from '@shared/contract/applications';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import type { TestUser } from '../../support/users';
import { createApplication, individualBody, newUser, setStatus } from '../applications/fixtures';

/**
 * The quote a standard application was made at is kept with it and guaranteed for quoteLockMinutes
 * (default 30); staff see whether the window is open and the rate now beside the locked one. The
 * clock is injected by calling the domain function with a later `now` on the shared table.
 */
let admin: TestUser;
let owner: TestUser;

beforeAll(async () => {
  [admin, owner] = await Promise.all([newUser({ role: 'ADMIN' }), newUser()]);
});

const MINUTE = 60_000;
const detail = (id: string) =>
  api<AdminApplicationDetail>('GET', `/api/admin/applications/${id}`, { token: admin.token });

describe('quote lock', () => {
  it('keeps the quoted rate with its source and the end of its 30-minute window', async () => {
    const application = await createApplication(owner);
    expect(application.rate).toMatchObject({ source: 'manual' });
    const { quotedAt, lockedUntil } = application.rate!;
    expect(Date.parse(lockedUntil!) - Date.parse(quotedAt)).toBe(30 * MINUTE);
  });

  it('shows staff the open window and the current rate beside the locked one', async () => {
    const application = await createApplication(owner);
    const answer = await detail(application.id);
    expect(answer.status).toBe(200);
    expect(answer.body.data!.quoteLock).toEqual({
      lockedUntil: application.rate!.lockedUntil,
      open: true,
      currentRate: application.rate!.rate,
      currentRefusal: null,
    });
  });

  it('says the window is closed once it has passed', async () => {
    const application = await createApplication(owner);
    const { getAdminApplication } = await import('@functions/domain/applications/admin-actions');
    const later = new Date(Date.parse(application.rate!.lockedUntil!) + 1);
    expect(
      (await getAdminApplication(application.id, { id: 'staff-1', role: 'MANAGER' }, later)).quoteLock,
    ).toMatchObject({
      open: false,
      currentRate: application.rate!.rate,
    });
  });

  it('has no quote lock for an individual request', async () => {
    const application = await createApplication(owner, individualBody());
    expect((await detail(application.id)).body.data!.quoteLock).toBeNull();
  });
});

/**
 * An application quoted an hour ago at twice today's rate: its lock (30 minutes) has ended and the
 * market has moved since, so the locked amount is twice what a fresh quote gives (finding 8: 197
 * USDT paid where a fresh quote gave 98.5). Written on the application's own item.
 */
async function quotedEarlierAtTwiceTheRate(application: ApplicationView) {
  const hourAgo = Date.now() - 60 * MINUTE;
  const locked = { rate: application.rate!.rate * 2, amountTo: application.amountTo! * 2 };
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.application(application.id),
      UpdateExpression:
        'SET amountTo = :amountTo, #rate.#value = :rate, #rate.quotedAt = :quotedAt, #rate.lockedUntil = :lockedUntil',
      ExpressionAttributeNames: { '#rate': 'rate', '#value': 'rate' },
      ExpressionAttributeValues: {
        ':amountTo': locked.amountTo,
        ':rate': locked.rate,
        ':quotedAt': new Date(hourAgo).toISOString(),
        ':lockedUntil': new Date(hourAgo + 30 * MINUTE).toISOString(),
      },
    }),
  );
  return {
    ...locked,
    lockedUntil: new Date(hourAgo + 30 * MINUTE).toISOString(),
    freshAmountTo: application.amountTo!,
  };
}

/** A standard application of a client of its own (at most 5 are open per client), taken up by staff. */
async function processing(body?: unknown) {
  const application = await createApplication(await newUser(), body);
  expect((await setStatus(admin, application.id, 'PROCESSING')).status).toBe(200);
  return application;
}

const complete = (id: string, extra: Record<string, unknown> = {}) =>
  setStatus(admin, id, 'COMPLETED', extra);

describe('completing after the quote lock ended', () => {
  it('is refused with 409, a clear message and both amounts, and nothing changes', async () => {
    const application = await processing();
    const locked = await quotedEarlierAtTwiceTheRate(application);

    const answer = await complete(application.id);

    expect(answer.status).toBe(409);
    expect(answer.body.success).toBe(false);
    expect(answer.body.message).toBe(
      `The quote of this application expired at ${locked.lockedUntil}: completing it pays out ${locked.amountTo} USDT at the locked rate, and a fresh quote gives ${locked.freshAmountTo} USDT now. Send acceptExpiredQuote: true to complete it at the locked amount.`,
    );
    expect(answer.body.data as unknown as ExpiredQuote).toEqual({
      lockedUntil: locked.lockedUntil,
      assetTo: 'usdt-trc20',
      currencyTo: 'USDT',
      lockedRate: locked.rate,
      lockedAmountTo: locked.amountTo,
      currentRate: application.rate!.rate,
      currentAmountTo: locked.freshAmountTo,
      currentRefusal: null,
    });
    expect((await detail(application.id)).body.data!.status).toBe('PROCESSING');
  });

  it('completes with acceptExpiredQuote, paying the locked amount, and audits both amounts', async () => {
    const application = await processing();
    const locked = await quotedEarlierAtTwiceTheRate(application);

    const answer = await complete(application.id, { acceptExpiredQuote: true });

    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'COMPLETED', amountTo: locked.amountTo });
    const [entry] = await listAuditFor('application', application.id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'application.status',
      before: { status: 'PROCESSING' },
      after: {
        status: 'COMPLETED',
        acceptedExpiredQuote: {
          lockedUntil: locked.lockedUntil,
          lockedAmountTo: locked.amountTo,
          currentAmountTo: locked.freshAmountTo,
          currencyTo: 'USDT',
        },
      },
    });
  });

  it('shows staff the accepted expired quote in the application detail', async () => {
    const application = await processing();
    const locked = await quotedEarlierAtTwiceTheRate(application);
    await complete(application.id, { acceptExpiredQuote: true });

    const audit = (await detail(application.id)).body.data!.audit;

    expect(audit[0]!.after).toMatchObject({
      acceptedExpiredQuote: { lockedAmountTo: locked.amountTo, currentAmountTo: locked.freshAmountTo },
    });
  });

  it('completes within the lock as before, with nothing extra sent or audited', async () => {
    const application = await processing();

    const answer = await complete(application.id);

    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'COMPLETED', amountTo: application.amountTo });
    const [entry] = await listAuditFor('application', application.id);
    // The move's own entry: the status it reached and the move, nothing about a quote.
    expect(entry!.after).toEqual({ status: 'COMPLETED', move: 'completeAtOffice' });
  });

  it('needs nothing extra for an individual request, which has no quote', async () => {
    const application = await processing(individualBody());
    expect((await complete(application.id)).status).toBe(200);
  });

  it('refuses acceptExpiredQuote with a status other than COMPLETED', async () => {
    const application = await createApplication(await newUser());

    const answer = await api<AdminApplicationView>(
      'POST',
      `/api/admin/applications/${application.id}/status`,
      {
        token: admin.token,
        body: { status: 'PROCESSING', acceptExpiredQuote: true },
      },
    );

    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({
        path: 'acceptExpiredQuote',
        msg: 'acceptExpiredQuote applies only to COMPLETED.',
      }),
    ]);
  });
});

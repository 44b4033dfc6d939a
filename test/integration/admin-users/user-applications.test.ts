import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type ApplicationRecord, applicationPut, NO_DEAL_YET } from '@functions/data/applications';
import { db } from '@functions/data/client';
import { adjustUserApplicationStats } from '@functions/data/counters';
import type { AdminUserApplicationsPage, AdminUsersPage } from '@shared/contract/admin-users';
import type { ApplicationStatus } from '@shared/enums';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { createVerifiedUser, type TestUser } from '../../support/users';

/**
 * A user's applications as staff see them, and the completed-applications count in the users
 * table. Applications are written through the applications data layer (the same transaction
 * items the create and status calls use), so this file does not depend on those calls.
 */
let manager: TestUser;

beforeAll(async () => {
  manager = await createVerifiedUser({ role: 'MANAGER' });
});

async function putApplication(userId: string, status: ApplicationStatus, createdAt: Date): Promise<string> {
  const at = createdAt.toISOString();
  const record: ApplicationRecord = {
    id: randomUUID(),
    userId,
    requestType: 'INDIVIDUAL',
    status,
    amountFrom: null,
    amountTo: null,
    amountUSD: null,
    assetFrom: null,
    assetTo: null,
    currencyFrom: null,
    currencyTo: null,
    continent: null,
    country: null,
    city: null,
    details: 'Cash for a flat deposit',
    contactTelegram: '@durov',
    originFunds: null,
    rejectionReason: null,
    rate: null,
    assignedToId: null,
    adminNote: null,
    createdAt: at,
    updatedAt: at,
    statusChangedAt: at,
    ...NO_DEAL_YET,
    version: 1,
  };
  await db.send(
    new TransactWriteCommand({
      TransactItems: [applicationPut(record), adjustUserApplicationStats(userId, { total: 1, [status]: 1 })],
    }),
  );
  return record.id;
}

describe('GET /api/admin/users/{id}/applications', () => {
  it("pages through the user's applications newest first, with the owner's email", async () => {
    const owner = await createVerifiedUser({ emailVerified: false });
    const ids = [];
    for (let index = 0; index < 3; index += 1) {
      ids.push(await putApplication(owner.id, 'PENDING', new Date(Date.UTC(2026, 0, 1, 0, 0, index))));
    }
    const first = await api<AdminUserApplicationsPage>(
      'GET',
      `/api/admin/users/${owner.id}/applications?limit=2`,
      {
        token: manager.token,
      },
    );
    const second = await api<AdminUserApplicationsPage>(
      'GET',
      `/api/admin/users/${owner.id}/applications?limit=2&page=2`,
      { token: manager.token },
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: 3, totalPages: 2 });
    expect(first.body.data!.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    expect(second.body.data!.items.map((item) => item.id)).toEqual([ids[0]]);
    expect(first.body.data!.items[0]!.user).toEqual({ email: owner.email, telegramId: null });
  });

  it('answers an empty page for a user without applications', async () => {
    const owner = await createVerifiedUser({ emailVerified: false });
    const answer = await api<AdminUserApplicationsPage>('GET', `/api/admin/users/${owner.id}/applications`, {
      token: manager.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ items: [], total: 0, totalPages: 0 });
  });

  it("never lists another user's applications", async () => {
    const [owner, other] = [
      await createVerifiedUser({ emailVerified: false }),
      await createVerifiedUser({ emailVerified: false }),
    ];
    await putApplication(other.id, 'PENDING', new Date());
    const answer = await api<AdminUserApplicationsPage>('GET', `/api/admin/users/${owner.id}/applications`, {
      token: manager.token,
    });
    expect(answer.body.data!.items).toEqual([]);
  });

  it('refuses a limit above 50', async () => {
    const owner = await createVerifiedUser({ emailVerified: false });
    const answer = await api('GET', `/api/admin/users/${owner.id}/applications?limit=51`, {
      token: manager.token,
    });
    expect(answer.status).toBe(400);
  });
});

describe('applicationCount in the users table', () => {
  it('counts completed applications only', async () => {
    const owner = await createVerifiedUser({ emailVerified: false });
    await putApplication(owner.id, 'COMPLETED', new Date());
    await putApplication(owner.id, 'COMPLETED', new Date());
    await putApplication(owner.id, 'PENDING', new Date());
    const list = await api<AdminUsersPage>(
      'GET',
      `/api/admin/users?search=${encodeURIComponent(owner.email)}`,
      {
        token: manager.token,
      },
    );
    const detail = await api<{ applicationCount: number }>('GET', `/api/admin/users/${owner.id}`, {
      token: manager.token,
    });
    expect(list.body.data!.items[0]!.applicationCount).toBe(2);
    expect(detail.body.data!.applicationCount).toBe(2);
  });
});

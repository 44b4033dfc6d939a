import { seedReserve } from '@functions/seed/rates-data';
import type { AdminApplicationDetail } from '@shared/contract/applications';
import type { RatesData } from '@shared/contract/rates';
import type { ReservesData } from '@shared/contract/reserves';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import type { TestUser } from '../../support/users';
import { createApplication, newUser, setStatus, standardBody } from '../applications/fixtures';

/** Staff views name who changed what (username, else email), not by an id or a role. */
let admin: TestUser;
let manager: TestUser;
let client: TestUser;

beforeAll(async () => {
  [admin, manager, client] = await Promise.all([
    newUser({ role: 'ADMIN' }),
    newUser({ role: 'MANAGER' }),
    newUser(),
  ]);
});

describe('who changed a reserve', () => {
  // VND: no file exchanges it (the permissions test writes its seed values, so ours differ by one).
  beforeAll(async () => {
    const seed = seedReserve('VND');
    const put = await api('PUT', '/api/admin/reserves', {
      token: admin.token,
      body: { reserves: [{ code: 'VND', amount: seed.amount + 1, alertLevel: seed.alertLevel }] },
    });
    expect(put.status).toBe(200);
  });

  const named = (row: { updatedBy: string | null; updatedByName?: string | null } | undefined) => {
    expect(row?.updatedBy).toBeTruthy();
    expect(row!.updatedByName).toBeTruthy();
    expect(row!.updatedByName).not.toBe(row!.updatedBy);
    // Another test may have written the same values since; when it is ours, it is our admin's name.
    if (row!.updatedBy === admin.id) expect(row!.updatedByName).toBe(admin.username);
  };

  it('is named on GET /api/admin/reserves, and the seed is no one', async () => {
    const answer = await api<ReservesData>('GET', '/api/admin/reserves', { token: manager.token });
    const reserves = answer.body.data!.reserves;
    named(reserves.find((reserve) => reserve.code === 'VND'));
    for (const reserve of reserves.filter((row) => row.updatedBy === null)) {
      expect(reserve.updatedByName).toBeNull();
    }
  });

  it('is named on GET /api/admin/rates: the reserves, every value and direction (updatedByName)', async () => {
    const answer = await api<RatesData>('GET', '/api/admin/rates', { token: admin.token });
    const data = answer.body.data!;
    named(data.reserves.find((reserve) => reserve.code === 'VND'));
    for (const row of [...data.currencies, ...data.directions]) {
      if (row.updatedBy === null) expect(row.updatedByName).toBeNull();
      else expect(row.updatedByName).not.toBe(row.updatedBy);
    }
  });

  it('stays out of the public GET /api/rates', async () => {
    const answer = await api('GET', '/api/rates');
    expect(JSON.stringify(answer.body)).not.toContain('updatedByName');
  });
});

describe('who moved an application', () => {
  it("names the staff member in the history and the audit, and the client's own move has no staff name", async () => {
    const application = await createApplication(client, standardBody());
    expect((await setStatus(manager, application.id, 'PROCESSING')).status).toBe(200);
    const detail = await api<AdminApplicationDetail>('GET', `/api/admin/applications/${application.id}`, {
      token: admin.token,
    });
    const history = detail.body.data!.history;
    expect(history.find((entry) => entry.to === 'PROCESSING')).toMatchObject({
      actorId: manager.id,
      actorRole: 'MANAGER',
      actorName: manager.username,
    });
    expect(history.find((entry) => entry.to === 'PENDING')).toMatchObject({ actorName: client.username });
    const audit = detail.body.data!.audit.filter((entry) => entry.actorId === manager.id);
    expect(audit.length).toBeGreaterThan(0);
    for (const entry of audit) expect(entry.actorName).toBe(manager.username);
  });
});

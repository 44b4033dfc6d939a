import { adminGetUser, adminUpdateUser } from '@shared/routes/admin-users';
import { authMe } from '@shared/routes/auth';
import { adminListOnShift, adminSetShift } from '@shared/routes/shifts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api';
import { createVerifiedUser, type TestUser } from '../../support/users';

/**
 * Staff shifts (docs/operations.md "Staff shifts and rights"): a staff member goes on and off shift
 * themselves, the change is stored with when it started and audited, their own view says so (the
 * admin header's switch), and the dashboard lists who is on shift. Other files do not use shifts,
 * but the list is the installation's: each test looks only for its own staff in it.
 */
let admin: TestUser;

beforeAll(async () => {
  admin = await createVerifiedUser({ role: 'ADMIN' });
});

const setShift = (user: TestUser, onShift: boolean) =>
  call(adminSetShift, { token: user.token, body: { onShift } });
const onShift = async () => (await call(adminListOnShift, { token: admin.token })).body.data!;
const auditOf = async (user: TestUser) =>
  (await call(adminGetUser, { token: admin.token, params: { id: user.id } })).body.data!.audit;

describe('PUT /api/admin/shift', () => {
  it('puts a manager on shift from now, which their own view then shows', async () => {
    const manager = await createVerifiedUser({ role: 'MANAGER' });
    const before = Date.now();

    const started = await setShift(manager, true);

    expect(started.status).toBe(200);
    const since = started.body.data!.onShiftSince!;
    expect(Date.parse(since)).toBeGreaterThanOrEqual(before - 1000);
    const me = await call(authMe, { token: manager.token });
    expect(me.body.data!.user.onShiftSince).toBe(since);
  });

  it('takes them off shift again, and their own view says so', async () => {
    const manager = await createVerifiedUser({ role: 'MANAGER' });
    await setShift(manager, true);

    const ended = await setShift(manager, false);

    expect(ended.status).toBe(200);
    expect(ended.body.data).toEqual({ onShiftSince: null });
    expect((await call(authMe, { token: manager.token })).body.data!.user.onShiftSince).toBeNull();
  });

  it('audits each start and end as the staff member’s own change, once however often it is asked', async () => {
    const manager = await createVerifiedUser({ role: 'MANAGER' });
    const since = (await setShift(manager, true)).body.data!.onShiftSince;
    expect((await setShift(manager, true)).body.data!.onShiftSince).toBe(since);
    await setShift(manager, false);

    const audit = await auditOf(manager);

    expect(audit.map((entry) => entry.action)).toEqual(['user.shiftEnd', 'user.shiftStart']);
    expect(audit[1]).toMatchObject({
      actorId: manager.id,
      actorRole: 'MANAGER',
      before: { onShiftSince: null },
      after: { onShiftSince: since },
    });
    expect(audit[0]).toMatchObject({ before: { onShiftSince: since }, after: { onShiftSince: null } });
  });

  it('refuses a client (403) and a body that is no on/off (400)', async () => {
    const client = await createVerifiedUser();
    expect((await setShift(client, true)).status).toBe(403);
    const manager = await createVerifiedUser({ role: 'MANAGER' });
    const wrong = await call(adminSetShift, { token: manager.token, body: { onShift: 'yes' as never } });
    expect(wrong.status).toBe(400);
  });
});

describe('GET /api/admin/shifts', () => {
  it('lists the staff on shift by name with since when, longest on shift first', async () => {
    const [first, second] = [
      await createVerifiedUser({ role: 'MANAGER' }),
      await createVerifiedUser({ role: 'ADMIN' }),
    ];
    const firstSince = (await setShift(first, true)).body.data!.onShiftSince;
    const secondSince = (await setShift(second, true)).body.data!.onShiftSince;

    const ours = (await onShift()).filter((entry) => [first.id, second.id].includes(entry.id));

    expect(ours).toEqual([
      { id: first.id, name: first.username, role: 'MANAGER', since: firstSince },
      { id: second.id, name: second.username, role: 'ADMIN', since: secondSince },
    ]);
  });

  it('leaves out those who went off shift and those deactivated while on it', async () => {
    const [off, deactivated] = [
      await createVerifiedUser({ role: 'MANAGER' }),
      await createVerifiedUser({ role: 'MANAGER' }),
    ];
    await setShift(off, true);
    await setShift(deactivated, true);
    await setShift(off, false);
    const edit = await call(adminUpdateUser, {
      token: admin.token,
      params: { id: deactivated.id },
      body: { isActive: false },
    });
    expect(edit.status).toBe(200);

    const ids = (await onShift()).map((entry) => entry.id);

    expect(ids).not.toContain(off.id);
    expect(ids).not.toContain(deactivated.id);
  });
});

import type { AdminUsersPage, ManagerOption } from '@shared/contract/admin-users';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, runId } from '../../support/api';
import { createVerifiedUser, type TestUser } from '../../support/users';

/**
 * The admin users table and the managers list over HTTP, on the shared table: each test finds
 * its own users through a run-scoped tag in their usernames (set through the edit call).
 */
let admin: TestUser;
let manager: TestUser;

beforeAll(async () => {
  [admin, manager] = await Promise.all([
    createVerifiedUser({ role: 'SUPER_ADMIN' }),
    createVerifiedUser({ role: 'MANAGER' }),
  ]);
});

const list = (query: string, token = manager.token) =>
  api<AdminUsersPage>('GET', `/api/admin/users?${query}`, { token });

/** Creates users one after another and names them `{tag}_{index}`, so their order is known. */
async function taggedUsers(
  tag: string,
  options: Array<Parameters<typeof createVerifiedUser>[0]>,
): Promise<TestUser[]> {
  const users: TestUser[] = [];
  for (const [index, option] of options.entries()) {
    const user = await createVerifiedUser({ emailVerified: false, ...option });
    const renamed = await api('PUT', `/api/admin/users/${user.id}`, {
      token: admin.token,
      body: { username: `${tag}_${index}` },
    });
    if (renamed.status !== 200) throw new Error(`rename failed: ${renamed.status}`);
    users.push(user);
  }
  return users;
}

describe('GET /api/admin/users', () => {
  it('lists the newest users first with the public fields only', async () => {
    const user = await createVerifiedUser({ emailVerified: false });
    const answer = await list('limit=100');
    const items = answer.body.data!.items;
    expect(answer.status).toBe(200);
    expect(items.map((item) => item.id)).toContain(user.id);
    expect(items.map((item) => item.createdAt)).toEqual(
      [...items.map((item) => item.createdAt)].sort().reverse(),
    );
    expect(Object.keys(items.find((item) => item.id === user.id)!).sort()).toEqual(
      Object.keys(user.user).sort(),
    );
  });

  it('answers total and totalPages that agree with the page size', async () => {
    const answer = await list('limit=7');
    const { total, totalPages, items, partial } = answer.body.data!;
    expect(total).toBeGreaterThan(0);
    expect(totalPages).toBe(Math.ceil(total / 7));
    expect(items.length).toBeLessThanOrEqual(7);
    expect(partial).toBe(false);
  });

  it('finds a user by their exact email in any case', async () => {
    const user = await createVerifiedUser({ emailVerified: false });
    const answer = await list(`search=${encodeURIComponent(user.email.toUpperCase())}`);
    expect(answer.body.data!.items.map((item) => item.id)).toEqual([user.id]);
    expect(answer.body.data!.total).toBe(1);
  });

  it('finds users by part of their username or email, newest first', async () => {
    const tag = `srch${runId()}`;
    const users = await taggedUsers(tag, [{}, {}, {}]);
    const answer = await list(`search=${tag.toUpperCase()}`);
    expect(answer.body.data!.items.map((item) => item.id)).toEqual(users.map((user) => user.id).reverse());
    expect(answer.body.data!.total).toBe(3);
  });

  it('finds a user by their Telegram contact, with or without the @', async () => {
    const user = await createVerifiedUser();
    const handle = `tg_${runId()}`.slice(0, 30);
    const set = await api('PUT', '/api/users/profile', {
      token: user.token,
      body: { telegramId: `@${handle}` },
    });
    expect(set.status).toBe(200);
    for (const search of [handle, `@${handle}`]) {
      const answer = await list(`search=${encodeURIComponent(search)}`);
      expect(answer.body.data!.items.map((item) => item.id)).toEqual([user.id]);
    }
  });

  it('pages through search results', async () => {
    const tag = `page${runId()}`;
    const users = await taggedUsers(tag, [{}, {}, {}]);
    const first = await list(`search=${tag}&limit=2&page=1&sortOrder=asc`);
    const second = await list(`search=${tag}&limit=2&page=2&sortOrder=asc`);
    expect(first.body.data!.items.map((item) => item.id)).toEqual([users[0]!.id, users[1]!.id]);
    expect(second.body.data!.items.map((item) => item.id)).toEqual([users[2]!.id]);
    expect(first.body.data).toMatchObject({ total: 3, totalPages: 2 });
  });

  it('sorts search results by username', async () => {
    const tag = `sort${runId()}`;
    const users = await taggedUsers(tag, [{}, {}, {}]);
    const answer = await list(`search=${tag}&sortBy=username&sortOrder=desc`);
    expect(answer.body.data!.items.map((item) => item.username)).toEqual([
      `${tag}_2`,
      `${tag}_1`,
      `${tag}_0`,
    ]);
    expect(answer.body.data!.items[0]!.id).toBe(users[2]!.id);
  });

  it('filters by role', async () => {
    const tag = `role${runId()}`;
    const users = await taggedUsers(tag, [{ role: 'MANAGER' }, {}, { role: 'MANAGER' }]);
    const answer = await list(`search=${tag}&role=MANAGER`);
    expect(answer.body.data!.items.map((item) => item.id).sort()).toEqual(
      [users[0]!.id, users[2]!.id].sort(),
    );
    expect(answer.body.data!.items.every((item) => item.role === 'MANAGER')).toBe(true);
  });

  it('lists a staff role without search, newest first, with its total', async () => {
    const fresh = await createVerifiedUser({ role: 'SUPER_ADMIN', emailVerified: false });
    const answer = await list('role=SUPER_ADMIN&limit=100');
    const { items, total } = answer.body.data!;
    expect(items.map((item) => item.id)).toContain(fresh.id);
    expect(items.every((item) => item.role === 'SUPER_ADMIN')).toBe(true);
    expect(total).toBeGreaterThanOrEqual(items.length);
  });

  it('filters by isActive', async () => {
    const tag = `actv${runId()}`;
    const users = await taggedUsers(tag, [{}, {}]);
    await api('PUT', `/api/admin/users/${users[1]!.id}/deactivate`, { token: admin.token });
    const inactive = await list(`search=${tag}&isActive=false`);
    const active = await list(`search=${tag}&isActive=true`);
    expect(inactive.body.data!.items.map((item) => item.id)).toEqual([users[1]!.id]);
    expect(active.body.data!.items.map((item) => item.id)).toEqual([users[0]!.id]);
  });

  it('filters by emailVerified', async () => {
    const tag = `vrfd${runId()}`;
    const users = await taggedUsers(tag, [{ emailVerified: true }, { emailVerified: false }]);
    const verified = await list(`search=${tag}&emailVerified=true`);
    expect(verified.body.data!.items.map((item) => item.id)).toEqual([users[0]!.id]);
  });

  it('treats empty query values as absent', async () => {
    const answer = await list('search=&role=&isActive=&emailVerified=&sortBy=&sortOrder=');
    expect(answer.status).toBe(200);
    expect(answer.body.data!.partial).toBe(false);
  });

  it('refuses a bad filter value with a field error', async () => {
    const answer = await list('isActive=maybe&role=OWNER&limit=1000');
    expect(answer.status).toBe(400);
    expect(answer.body.errors!.map((error) => error.param).sort()).toEqual([
      'query.isActive',
      'query.limit',
      'query.role',
    ]);
  });

  it("shows each user's referral count", async () => {
    const inviter = await createVerifiedUser({ emailVerified: false });
    await createVerifiedUser({ invitedBy: inviter.id });
    const answer = await list(`search=${encodeURIComponent(inviter.email)}`);
    expect(answer.body.data!.items[0]).toMatchObject({ referralCount: 1, applicationCount: 0 });
  });
});

describe('GET /api/admin/users/{id}', () => {
  it('answers the user with an empty audit trail when staff never touched them', async () => {
    const user = await createVerifiedUser({ emailVerified: false });
    const answer = await api('GET', `/api/admin/users/${user.id}`, { token: manager.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ ...user.user, mailUndeliverable: null, audit: [] });
  });

  it('answers 404 for an unknown id, the same for every id-taking call', async () => {
    const id = `nobody-${runId()}`;
    const calls = await Promise.all([
      api('GET', `/api/admin/users/${id}`, { token: admin.token }),
      api('PUT', `/api/admin/users/${id}`, { token: admin.token, body: { adminComment: 'x' } }),
      api('PUT', `/api/admin/users/${id}/role`, { token: admin.token, body: { role: 'USER' } }),
      api('PUT', `/api/admin/users/${id}/activate`, { token: admin.token }),
      api('PUT', `/api/admin/users/${id}/deactivate`, { token: admin.token }),
      api('POST', `/api/admin/users/${id}/reset-referrals`, { token: admin.token }),
      api('GET', `/api/admin/users/${id}/applications`, { token: admin.token }),
    ]);
    expect(calls.map((call) => call.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect(calls.every((call) => call.body.message === 'User not found.')).toBe(true);
  });
});

describe('GET /api/admin/managers', () => {
  it('lists active staff of every staff role with id, username and email', async () => {
    const [newManager, newAdmin] = await Promise.all([
      createVerifiedUser({ role: 'MANAGER', emailVerified: false }),
      createVerifiedUser({ role: 'ADMIN', emailVerified: false }),
    ]);
    const answer = await api<ManagerOption[]>('GET', '/api/admin/managers', { token: manager.token });
    const byId = new Map(answer.body.data!.map((option) => [option.id, option]));
    expect(answer.status).toBe(200);
    expect(byId.get(newManager.id)).toEqual({
      id: newManager.id,
      username: newManager.username,
      email: newManager.email,
      role: 'MANAGER',
    });
    expect(byId.get(newAdmin.id)?.role).toBe('ADMIN');
    expect(byId.get(admin.id)?.role).toBe('SUPER_ADMIN');
  });

  it('leaves out users, deactivated staff and demoted staff', async () => {
    const [user, inactive, demoted] = await Promise.all([
      createVerifiedUser({ emailVerified: false }),
      createVerifiedUser({ role: 'MANAGER', emailVerified: false }),
      createVerifiedUser({ role: 'MANAGER', emailVerified: false }),
    ]);
    await api('PUT', `/api/admin/users/${inactive.id}/deactivate`, { token: admin.token });
    await api('PUT', `/api/admin/users/${demoted.id}/role`, { token: admin.token, body: { role: 'USER' } });
    const answer = await api<ManagerOption[]>('GET', '/api/admin/managers', { token: manager.token });
    const ids = answer.body.data!.map((option) => option.id);
    expect(ids).not.toContain(user.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(demoted.id);
  });
});

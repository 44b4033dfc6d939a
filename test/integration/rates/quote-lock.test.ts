import type { AdminApplicationDetail } from '@shared/contract/applications';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import type { TestUser } from '../../support/users';
import { createApplication, individualBody, newUser } from '../applications/fixtures';

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
    expect((await getAdminApplication(application.id, later)).quoteLock).toMatchObject({
      open: false,
      currentRate: application.rate!.rate,
    });
  });

  it('has no quote lock for an individual request', async () => {
    const application = await createApplication(owner, individualBody());
    expect((await detail(application.id)).body.data!.quoteLock).toBeNull();
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import type { TestUser } from '../../support/users';
import { createApplication, newUser, setStatus } from '../applications/fixtures';

const OWN = 'You cannot process your own application. Another staff member must handle it.';
let manager: TestUser;
let colleague: TestUser;

beforeAll(async () => {
  [manager, colleague] = await Promise.all([newUser({ role: 'MANAGER' }), newUser({ role: 'ADMIN' })]);
});

describe("a staff member's own application", () => {
  it('cannot have its status changed by its owner', async () => {
    const own = await createApplication(manager);
    const toProcessing = await setStatus(manager, own.id, 'PROCESSING');
    expect(toProcessing.status).toBe(403);
    expect(toProcessing.body).toMatchObject({ success: false, message: OWN });
    const detail = await api<{ status: string }>('GET', `/api/admin/applications/${own.id}`, {
      token: colleague.token,
    });
    expect(detail.body.data!.status).toBe('PENDING');
  });

  it('cannot be assigned or annotated by its owner', async () => {
    const own = await createApplication(manager);
    for (const body of [{ assignedToId: manager.id }, { adminNote: 'Looks fine to me' }]) {
      const answer = await api('PUT', `/api/admin/applications/${own.id}/details`, {
        token: manager.token,
        body,
      });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(OWN);
    }
  });

  it('is processed by a colleague as any other', async () => {
    const own = await createApplication(manager);
    const answer = await setStatus(colleague, own.id, 'PROCESSING');
    expect(answer.status).toBe(200);
  });
});

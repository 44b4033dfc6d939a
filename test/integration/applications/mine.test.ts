import type { ApplicationView } from '@shared/contract/applications';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import type { TestUser } from '../../support/users';
import { createApplication, individualBody, newUser, setStatus, standardBody } from './fixtures';

type Page = { items: ApplicationView[]; total: number; totalPages: number; nextCursor: string | null };

let owner: TestUser;
let stranger: TestUser;
let manager: TestUser;
const created: ApplicationView[] = [];

beforeAll(async () => {
  [owner, stranger, manager] = await Promise.all([newUser(), newUser(), newUser({ role: 'MANAGER' })]);
  for (const amount of [300, 400, 500])
    created.push(await createApplication(owner, standardBody({ amount })));
});

const list = (user: TestUser, query = '') =>
  api<Page>('GET', `/api/applications${query}`, { token: user.token });

describe('GET /api/applications', () => {
  it("lists only the caller's applications, newest first, with the total", async () => {
    const answer = await list(owner);
    expect(answer.status).toBe(200);
    expect(answer.body.data!.items.map((item) => item.amountFrom)).toEqual([500, 400, 300]);
    expect(answer.body.data).toMatchObject({ total: 3, totalPages: 1 });
  });

  it('sorts oldest first with sortOrder=asc', async () => {
    const answer = await list(owner, '?sortBy=createdAt&sortOrder=asc');
    expect(answer.body.data!.items.map((item) => item.amountFrom)).toEqual([300, 400, 500]);
  });

  it('pages by page number', async () => {
    const answer = await list(owner, '?limit=2&page=2');
    expect(answer.body.data!.items.map((item) => item.amountFrom)).toEqual([300]);
    expect(answer.body.data!.totalPages).toBe(2);
  });

  it('pages by cursor', async () => {
    const first = await list(owner, '?limit=2');
    const second = await list(owner, `?limit=2&cursor=${first.body.data!.nextCursor}`);
    expect(first.body.data!.items.map((item) => item.amountFrom)).toEqual([500, 400]);
    expect(second.body.data!.items.map((item) => item.amountFrom)).toEqual([300]);
    expect(second.body.data!.nextCursor).toBeNull();
  });

  it('refuses a tampered cursor with 400, not a server error', async () => {
    const foreign = Buffer.from(
      JSON.stringify({ pk: 'APP#x', sk: 'APP', gsi1pk: `USERAPPS#${stranger.id}`, gsi1sk: 'x' }),
    ).toString('base64url');
    const answers = await Promise.all([list(owner, `?cursor=${foreign}`), list(owner, '?cursor=%%%garbage')]);
    expect(answers.map((answer) => answer.status)).toEqual([400, 400]);
  });

  it('refuses a limit above 50', async () => {
    const answer = await list(owner, '?limit=51');
    expect(answer.status).toBe(400);
  });

  it('never shows staff-only fields to the owner', async () => {
    const answer = await list(owner);
    expect(answer.body.data!.items[0]).not.toHaveProperty('adminNote');
    expect(answer.body.data!.items[0]).not.toHaveProperty('assignedToId');
  });

  it('shows an empty list to a user without applications', async () => {
    const answer = await list(stranger);
    expect(answer.body.data).toMatchObject({ items: [], total: 0, totalPages: 0 });
  });
});

describe('GET /api/applications/{id}', () => {
  it('returns the caller’s own application', async () => {
    const answer = await api<ApplicationView>('GET', `/api/applications/${created[0]!.id}`, {
      token: owner.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data!.id).toBe(created[0]!.id);
  });

  it("answers another user's application exactly like a missing one", async () => {
    const foreign = await api('GET', `/api/applications/${created[0]!.id}`, { token: stranger.token });
    const missing = await api('GET', '/api/applications/00000000-0000-4000-8000-000000000000', {
      token: stranger.token,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
  });

  it("does not show another user's application even to staff on the user route", async () => {
    const answer = await api('GET', `/api/applications/${created[0]!.id}`, { token: manager.token });
    expect(answer.status).toBe(404);
  });
});

describe('POST /api/applications/{id}/cancel', () => {
  it('cancels a pending application of the caller', async () => {
    const user = await newUser();
    const application = await createApplication(user, individualBody());
    const answer = await api<ApplicationView>('POST', `/api/applications/${application.id}/cancel`, {
      token: user.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      message: 'Application cancelled successfully.',
      data: { status: 'CANCELLED' },
    });
  });

  it('cancels an application staff have taken: the client may cancel until they have paid', async () => {
    const user = await newUser();
    const application = await createApplication(user, individualBody());
    await setStatus(manager, application.id, 'PROCESSING');
    const answer = await api('POST', `/api/applications/${application.id}/cancel`, { token: user.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: { status: 'CANCELLED' } });
  });

  it('refuses to cancel an application that is finished with 409 and its status', async () => {
    const user = await newUser();
    const application = await createApplication(user, individualBody());
    await setStatus(manager, application.id, 'PROCESSING');
    await setStatus(manager, application.id, 'COMPLETED');
    const answer = await api('POST', `/api/applications/${application.id}/cancel`, { token: user.token });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'NotCancellable', params: { status: 'COMPLETED' } });
  });

  it('refuses to cancel twice', async () => {
    const user = await newUser();
    const application = await createApplication(user, individualBody());
    await api('POST', `/api/applications/${application.id}/cancel`, { token: user.token });
    const again = await api('POST', `/api/applications/${application.id}/cancel`, { token: user.token });
    expect(again.status).toBe(409);
  });

  it("answers 404 for another user's application and leaves it pending", async () => {
    const answer = await api('POST', `/api/applications/${created[1]!.id}/cancel`, { token: stranger.token });
    const after = await api<ApplicationView>('GET', `/api/applications/${created[1]!.id}`, {
      token: owner.token,
    });
    expect(answer.status).toBe(404);
    expect(after.body.data!.status).toBe('PENDING');
  });

  it('lets only one of two parallel cancels succeed', async () => {
    const user = await newUser();
    const application = await createApplication(user, individualBody());
    const answers = await Promise.all(
      [1, 2].map(() => api('POST', `/api/applications/${application.id}/cancel`, { token: user.token })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });
});

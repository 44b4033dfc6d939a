import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { createVerifiedUser, loginAs, TEST_PASSWORD, type TestUser } from '../../support/users';

const NOTE = 'Internal: suspected fraud, hold payouts';
let admin: TestUser;
let client: TestUser;

beforeAll(async () => {
  admin = await createVerifiedUser({ role: 'ADMIN' });
  client = await createVerifiedUser();
  const noted = await api('PUT', `/api/admin/users/${client.id}`, {
    token: admin.token,
    body: { adminComment: NOTE },
  });
  expect(noted.status).toBe(200);
});

describe("a staff note about a user never reaches that user's own view", () => {
  it('is absent from /auth/me', async () => {
    const answer = await api<{ user: Record<string, unknown> }>('GET', '/api/auth/me', {
      token: client.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data!.user).not.toHaveProperty('adminComment');
    expect(JSON.stringify(answer.body)).not.toContain(NOTE);
  });

  it('is absent from the login answer', async () => {
    const answer = await api<{ user: Record<string, unknown> }>('POST', '/api/auth/login', {
      body: { loginIdentifier: client.email, password: TEST_PASSWORD },
    });
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).not.toContain(NOTE);
    expect(answer.body.data!.user).not.toHaveProperty('adminComment');
  });

  it('is absent from the profile update answer', async () => {
    const session = await loginAs(client.email);
    const answer = await api<Record<string, unknown>>('PUT', '/api/users/profile', {
      token: session.token,
      body: { language: 'en' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).not.toHaveProperty('adminComment');
    expect(JSON.stringify(answer.body)).not.toContain(NOTE);
  });

  it('is still shown to staff', async () => {
    const answer = await api<{ adminComment: string }>('GET', `/api/admin/users/${client.id}`, {
      token: admin.token,
    });
    expect(answer.body.data!.adminComment).toBe(NOTE);
  });
});

describe('the public rates', () => {
  it('name no staff member who changed them', async () => {
    const answer = await api<{ currencies: object[]; directions: object[] }>('GET', '/api/rates');
    expect(answer.status).toBe(200);
    expect(answer.body.data!.directions.length).toBeGreaterThan(0);
    for (const entry of [...answer.body.data!.currencies, ...answer.body.data!.directions]) {
      expect(entry).not.toHaveProperty('updatedBy');
    }
  });
});

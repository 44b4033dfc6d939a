import { db } from '@functions/data/client';
import { keys } from '@functions/data/keys';
import { listUsers } from '@functions/domain/staff-users/list-users';
import { adminUsersQuerySchema } from '@shared/contract/admin-users';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../support/api';
import { createVerifiedUser, type TestUser } from '../../support/users';

let user: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [user, admin] = await Promise.all([createVerifiedUser(), createVerifiedUser({ role: 'ADMIN' })]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

const cursorOf = (key: Record<string, string>) => Buffer.from(JSON.stringify(key)).toString('base64url');

describe('crafted cursors', () => {
  it("answer 400, not 500, when the key values are empty on a user's list", async () => {
    const cursor = cursorOf({ pk: '', sk: '', gsi1pk: `USERAPPS#${user.id}`, gsi1sk: '' });
    const answer = await api('GET', `/api/applications?cursor=${cursor}`, { token: user.token });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'query.cursor' })]);
  });

  it('answer 400, not 500, when the key values are empty on the staff list', async () => {
    const cursor = cursorOf({ pk: '', sk: '', gsi3pk: 'APPS', gsi3sk: '' });
    const answer = await api('GET', `/api/admin/applications?cursor=${cursor}`, { token: admin.token });
    expect(answer.status).toBe(400);
  });
});

describe('numbers the store cannot hold', () => {
  it('refuse a currency value of 1e-200 and leave the rates unchanged', async () => {
    const before = await api('GET', '/api/admin/rates', { token: admin.token });
    const answer = await api('PUT', '/api/admin/rates', {
      token: admin.token,
      body: { currencies: [{ code: 'EUR', usdValue: 1e-200 }], directions: [] },
    });
    expect(answer.status).toBe(400);
    const after = await api('GET', '/api/admin/rates', { token: admin.token });
    expect(after.body.data).toEqual(before.body.data);
  });

  it('refuse a direction minimum of 1e-200', async () => {
    const answer = await api('PUT', '/api/admin/rates', {
      token: admin.token,
      body: {
        currencies: [],
        directions: [{ assetFrom: 'cash-EUR', assetTo: 'usdt-trc20', markupPercent: 1, minAmount: 1e-200 }],
      },
    });
    expect(answer.status).toBe(400);
  });

  it('refuse a minimum application amount of 1e-200', async () => {
    const answer = await api('PUT', '/api/admin/settings/minApplicationAmountUSD', {
      token: admin.token,
      body: { value: 1e-200 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'value' })]);
  });

  it('refuse an application amount of 1e-200', async () => {
    const answer = await api('POST', '/api/rates/calculate', {
      body: { assetFrom: 'cash-EUR', assetTo: 'usdt-trc20', amount: 1e-200 },
    });
    expect(answer.status).toBe(400);
  });
});

describe('a far page of the admin users list', () => {
  it('reads no users at all when it lies past the end', async () => {
    const send = vi.spyOn(db, 'send');
    const page = await listUsers(adminUsersQuerySchema.parse({ page: '10000' }));
    expect(page.items).toEqual([]);
    // The total comes from one Query of the users counter's shards; no Query reads a user.
    const queries = send.mock.calls
      .map(([command]) => command)
      .filter((command) => command.constructor.name === 'QueryCommand')
      .map(
        (command) =>
          (command.input as { ExpressionAttributeValues?: Record<string, unknown> })
            .ExpressionAttributeValues?.[':pk'],
      );
    expect(queries).toEqual([keys.usersCounterPartition]);
  });
});

describe('a broken percent-escape in the path', () => {
  it.each(['/api/applications/%E0%A4%A', '/api/no-such-route/%zz'])(
    '%s answers 400 in the envelope',
    async (path) => {
      const answer = await api('GET', path, { token: user.token });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        message: expect.stringContaining('percent-encoding'),
      });
    },
  );
});

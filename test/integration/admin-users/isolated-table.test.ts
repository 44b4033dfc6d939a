import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createTableInput } from '@functions/data/table-definition';
import type { Role } from '@shared/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runId } from '../../support/api';
import { type CapacityMeter, meterConsumedCapacity } from '../../support/consumed-capacity';

/**
 * Tests that need to know every user in the table (exact totals, page boundaries, "the only
 * super admin", capacity at two sizes) run the domain functions against a table of their own
 * in the same DynamoDB Local. The data modules read TABLE_NAME when first imported, so it is set
 * before they are imported (dynamically) here; nothing above imports them.
 */
const TABLE = `staff-users-${runId()}`;
process.env.TABLE_NAME = TABLE;

const modules = async () => ({
  client: await import('@functions/data/client'),
  users: await import('@functions/data/users'),
  bulkWrites: await import('@functions/data/bulk-writes'),
  listUsers: (await import('@functions/domain/staff-users/list-users')).listUsers,
  listManagers: (await import('@functions/domain/staff-users/user-detail')).listManagers,
  changeUser: (await import('@functions/domain/staff-users/change-user')).changeUser,
  errors: await import('@functions/domain/staff-users/errors'),
});
type Modules = Awaited<ReturnType<typeof modules>>;
let m: Modules;

let meter: CapacityMeter;

const dynamo = new DynamoDBClient({});

beforeAll(async () => {
  await dynamo.send(new CreateTableCommand(createTableInput(TABLE)));
  m = await modules();
  meter = meterConsumedCapacity(m.client.db);
});

afterAll(async () => {
  await dynamo.send(new DeleteTableCommand({ TableName: TABLE }));
});

/** `count` users created one millisecond apart, oldest first, through the registration path. */
async function createUsers(count: number, role: Role = 'USER', start = Date.UTC(2025, 0, 1)) {
  const created = [];
  for (let index = 0; index < count; index += 1) {
    const id = `${role.toLowerCase()}-${start}-${index}`;
    created.push(
      await m.users.createUser({
        id,
        email: `${id}@example.test`,
        username: `${role.toLowerCase()}_${start}_${index}`.slice(0, 30),
        passwordHash: 'not-a-hash',
        timeZone: 'Europe/Moscow',
        referralCode: `R${start}${index}`,
        role,
        now: new Date(start + index),
      }),
    );
  }
  return created;
}

const query = (overrides: Record<string, unknown> = {}) => ({
  page: 1,
  limit: 10,
  sortBy: 'createdAt' as const,
  sortOrder: 'desc' as const,
  ...overrides,
});

describe('paging the whole users list (exact figures)', () => {
  let users: Awaited<ReturnType<typeof createUsers>>;
  let staff: Awaited<ReturnType<typeof createUsers>>;

  beforeAll(async () => {
    users = await createUsers(25);
    staff = [
      ...(await createUsers(2, 'MANAGER', Date.UTC(2025, 1, 1))),
      ...(await createUsers(1, 'SUPER_ADMIN', Date.UTC(2025, 2, 1))),
    ];
  });

  const newestFirst = () => [...users, ...staff].map((user) => user.id).reverse();

  it('answers the total from the users counter and the page count', async () => {
    const page = await m.listUsers(query());
    expect(page).toMatchObject({ total: 28, totalPages: 3, partial: false });
  });

  it('answers page 1 as the newest users', async () => {
    const page = await m.listUsers(query());
    expect(page.items.map((user) => user.id)).toEqual(newestFirst().slice(0, 10));
  });

  it('answers the last page, walked from the far end, as the oldest users in the same order', async () => {
    const page = await m.listUsers(query({ page: 3 }));
    expect(page.items.map((user) => user.id)).toEqual(newestFirst().slice(20, 28));
  });

  it('answers a middle page in ascending order', async () => {
    const page = await m.listUsers(query({ page: 2, sortOrder: 'asc' }));
    expect(page.items.map((user) => user.id)).toEqual([...newestFirst()].reverse().slice(10, 20));
  });

  it('answers an empty page beyond the end', async () => {
    const page = await m.listUsers(query({ page: 9 }));
    expect(page.items).toEqual([]);
  });

  it('counts the USER role as all users minus staff', async () => {
    const page = await m.listUsers(query({ role: 'USER', limit: 100 }));
    expect(page.total).toBe(25);
    expect(page.items.map((user) => user.id)).toEqual(users.map((user) => user.id).reverse());
  });

  it('counts a staff role exactly', async () => {
    const page = await m.listUsers(query({ role: 'MANAGER' }));
    expect(page.total).toBe(2);
    expect(page.items.every((user) => user.role === 'MANAGER')).toBe(true);
  });

  it('lists the active staff as managers', async () => {
    const managers = await m.listManagers();
    expect(managers.map((manager) => manager.id).sort()).toEqual(staff.map((user) => user.id).sort());
  });
});

describe('the only active super admin', () => {
  it('cannot be demoted or deactivated by anyone', async () => {
    const [only] = await createUsers(1, 'SUPER_ADMIN', Date.UTC(2025, 3, 1));
    const [admin] = await createUsers(1, 'ADMIN', Date.UTC(2025, 3, 2));
    const attempts = [
      m.changeUser(
        { id: only!.id, role: 'SUPER_ADMIN', isActive: true },
        only!.id,
        { role: 'ADMIN' },
        'user.role',
      ),
      m.changeUser(
        { id: only!.id, role: 'SUPER_ADMIN', isActive: true },
        only!.id,
        { isActive: false },
        'user.deactivate',
      ),
      m.changeUser({ id: admin!.id, role: 'ADMIN', isActive: true }, only!.id, { role: 'USER' }, 'user.role'),
      // An actor claiming a role its stored record does not hold is judged on the stored record.
      m.changeUser(
        { id: admin!.id, role: 'SUPER_ADMIN', isActive: true },
        only!.id,
        { role: 'USER' },
        'user.role',
      ),
    ];
    const outcomes = await Promise.allSettled(attempts);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'rejected',
    ]);
    for (const outcome of outcomes) {
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(m.errors.StaffChangeNotPermitted);
    }
    const stored = await m.users.findUserById(only!.id, true);
    expect(stored).toMatchObject({ role: 'SUPER_ADMIN', isActive: true });
  });
});

describe('listing cost does not grow with the number of users', () => {
  async function measure(run: () => Promise<unknown>) {
    meter.reset();
    await run();
    return { capacity: meter.capacity, calls: meter.calls };
  }

  async function figures() {
    return {
      firstPage: await measure(() => m.listUsers(query())),
      staffRole: await measure(() => m.listUsers(query({ role: 'MANAGER' }))),
      managers: await measure(() => m.listManagers()),
      search: await measure(() => m.listUsers(query({ search: 'nobody-matches-this' }))),
      inactiveFilter: await measure(() => m.listUsers(query({ isActive: false }))),
    };
  }

  /** Puts `count` more plain users straight into the table (BatchWrite) and counts them. */
  async function bulkUsers(count: number, start: number) {
    const items = [];
    for (let index = 0; index < count; index += 1) {
      const id = `bulk-${start}-${index}`;
      const createdAt = new Date(start + index).toISOString();
      items.push(
        m.users.userItem({
          id,
          email: `${id}@example.test`,
          username: null,
          telegramId: null,
          language: 'ru',
          role: 'USER',
          isActive: index % 2 === 0,
          photo_url: null,
          referralCode: null,
          emailVerified: true,
          referralCount: 0,
          applicationCount: 0,
          adminComment: null,
          createdAt,
          passwordHash: 'x',
          usernameLower: null,
          invitedBy: null,
          sessionEpoch: 0,
          updatedAt: createdAt,
        }),
      );
    }
    await m.bulkWrites.putAll(items);
    const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { incrementUsersCounter } = await import('@functions/data/counters');
    await m.client.db.send(new TransactWriteCommand({ TransactItems: [incrementUsersCounter(count)] }));
  }

  it('costs the same for page 1, a staff role, the managers and a filter at 1,000 and 3,000 users', async () => {
    await bulkUsers(1000, Date.UTC(2024, 0, 1));
    const small = await figures();
    await bulkUsers(2000, Date.UTC(2023, 0, 1));
    const large = await figures();
    const deepPage = await measure(() => m.listUsers(query({ page: 100 })));
    console.info('admin users listing cost (RCU, calls)', JSON.stringify({ small, large, deepPage }));
    for (const name of ['firstPage', 'staffRole', 'managers', 'search', 'inactiveFilter'] as const) {
      expect(large[name].calls).toBe(small[name].calls);
      expect(large[name].capacity).toBeLessThanOrEqual(small[name].capacity * 1.2);
    }
    expect(small.firstPage.capacity).toBeGreaterThan(0);
  }, 120_000);
});

import { businessDayOf } from '@shared/business-time';
import type { VerificationTier } from '@shared/verification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeNextTransaction } from '../support/transaction-faults';
import { createIsolatedTable, putUser } from './isolated-table';

/**
 * The verification tiers' limits at their edges and under concurrency, through the domain on a
 * table of this file's own: the limits are settings every application reads, so the values tested
 * here must not reach the shared stack's other files (whose limits are off), and the counters'
 * totals are exact only where nobody else writes.
 */
let drop: () => Promise<void>;
let m: Awaited<ReturnType<typeof modules>>;

const modules = async () => ({
  create: await import('@functions/domain/applications/create'),
  mine: await import('@functions/domain/applications/mine'),
  admin: await import('@functions/domain/applications/admin-actions'),
  limits: await import('@functions/domain/limits/limits'),
  counters: await import('@functions/data/limit-counters'),
  transactions: await import('@functions/data/transactions'),
  settings: await import('@functions/domain/settings/settings'),
  origin: await import('@functions/commons/request-origin'),
  client: await import('@functions/data/client'),
  keys: (await import('@functions/data/keys')).keys,
  ddb: await import('@aws-sdk/lib-dynamodb'),
});

/** The limits this file tests (USD), set in its own table before any test. */
const LIMITS = {
  limitEmailPerApplicationUSD: '1000',
  limitEmailPerDayUSD: '3000',
  limitEmailPer30DaysUSD: '10000',
  limitCardPerApplicationUSD: '5000',
  limitCardPerDayUSD: '6000',
  limitCardPer30DaysUSD: '12000',
  limitIdentityPerApplicationUSD: '',
  limitIdentityPerDayUSD: '',
  limitIdentityPer30DaysUSD: '',
  firstDealsCapUSD: '300',
  limitPerIpPerDayUSD: '8000',
  limitPerCardPerDayUSD: '2000',
} as const;

const DAY = 86_400_000;
/** One instant for every call of a test, so its "today" is one business day whenever it runs. */
const NOW = new Date();
const BERLIN = { continent: 'europe', country: 'europe.germany', city: 'europe.germany.berlin' };

/** An application giving `amount` USDT: its USD value is the amount itself (USDT's value is 1). */
const giving = (amount: number) => ({
  requestType: 'STANDARD' as const,
  ...BERLIN,
  assetFrom: 'usdt-trc20',
  assetTo: 'cash-EUR',
  amount,
  contactTelegram: '@exchange_tester',
  amlAcknowledged: true as const,
  originFunds: 'N/A',
});

let addressCount = 0;
/** An address of the documentation range of this test's own. */
function newAddress(): string {
  addressCount += 1;
  return `198.51.100.${addressCount}`;
}

/** A client of `tier` with `completed` deals behind them (the first deals' cap past by default). */
async function client(tier: VerificationTier = 'email', completed = 1) {
  const user = await putUser();
  await m.client.db.send(
    new m.ddb.UpdateCommand({
      TableName: m.client.tableName,
      Key: m.keys.user(user.id),
      UpdateExpression: 'SET applicationCount = :completed, verificationTier = :tier',
      ExpressionAttributeValues: { ':completed': completed, ':tier': tier },
    }),
  );
  return user.id;
}

/** Creates as the client from `ip`, `daysAgo` days before NOW; the refusal's code when refused. */
async function apply(userId: string, amount: number, ip: string, daysAgo = 0): Promise<string> {
  try {
    await m.origin.withRequestOrigin({ ip, userAgent: undefined }, () =>
      m.create.createApplication(userId, giving(amount), undefined, new Date(NOW.getTime() - daysAgo * DAY)),
    );
    return 'created';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

/** A subject's total of NOW's business day, in cents. */
async function todayTotal(subject: string): Promise<bigint> {
  // The table holds no businessTimeZone setting: its default.
  const day = businessDayOf(NOW, 'Europe/Moscow');
  return (await m.counters.readLimitUsage(subject, day, day)).days.get(day) ?? 0n;
}

beforeAll(async () => {
  drop = await createIsolatedTable('limits');
  m = await modules();
  const admin = { id: 'limits-test-admin', role: 'ADMIN' as const };
  for (const [key, value] of Object.entries(LIMITS)) await m.settings.putSetting(key, { value }, admin);
  await m.settings.putSetting('firstDealsCount', { value: 1 }, admin);
});

afterAll(async () => {
  await drop();
});

describe('the per-application limit of a tier', () => {
  it('takes an application worth exactly the limit and refuses one a cent over', async () => {
    const userId = await client('email');
    const ip = newAddress();

    const over = await apply(userId, 1000.01, ip);
    const at = await apply(userId, 1000, ip);

    expect(over).toBe('OverTierLimit');
    expect(at).toBe('created');
  });

  it("is the client's own tier's: a verified card's client may apply above the email tier's", async () => {
    const userId = await client('card');

    expect(await apply(userId, 5000, newAddress())).toBe('created');
    expect(await apply(userId, 5000.01, newAddress())).toBe('OverTierLimit');
  });

  it("is refused with the limit in the refusal's params", async () => {
    const userId = await client('email');

    const refusal = await m.origin
      .withRequestOrigin({ ip: newAddress(), userAgent: undefined }, () =>
        m.create.createApplication(userId, giving(1500), undefined, NOW),
      )
      .catch((error: unknown) => error as { code: string; params: unknown; refusal: string });

    expect(refusal).toMatchObject({ code: 'OverTierLimit', refusal: 'invalid', params: { limit: 1000 } });
  });
});

describe("the cap of a client's first deals", () => {
  it('takes a first application worth exactly the cap and refuses one a cent over', async () => {
    const userId = await client('identity', 0);
    const ip = newAddress();

    const over = await apply(userId, 300.01, ip);
    const at = await apply(userId, 300, ip);

    expect(over).toBe('OverFirstDealsCap');
    expect(at).toBe('created');
  });

  it('no longer applies once the first deals are completed', async () => {
    const userId = await client('identity', 1);

    expect(await apply(userId, 300.01, newAddress())).toBe('created');
  });
});

describe("a tier's daily limit", () => {
  it('takes the applications of a day up to exactly the limit and refuses a cent over', async () => {
    const userId = await client('email');
    const ip = newAddress();
    await apply(userId, 1000, ip);
    await apply(userId, 1000, ip);
    await apply(userId, 500, ip);

    const over = await apply(userId, 500.01, ip);
    const at = await apply(userId, 500, ip);

    expect(over).toBe('DailyLimitReached');
    expect(at).toBe('created');
    expect(await todayTotal(m.counters.limitSubject.user(userId))).toBe(300_000n);
  });
});

describe("a tier's 30-day limit", () => {
  it('sums the last 30 business days up to exactly the limit, and refuses a cent over', async () => {
    const userId = await client('card');
    const ip = newAddress();
    // 31 days back is outside today's window; 20 and 10 days back, and today, are in it.
    await apply(userId, 5000, ip, 31);
    await apply(userId, 5000, ip, 20);
    await apply(userId, 2000, ip, 10);
    await apply(userId, 3000, ip);

    const over = await apply(userId, 2000.01, ip);
    const at = await apply(userId, 2000, ip);
    const seen = await m.limits.clientLimits({ id: userId, tier: 'card', completedDeals: 1 }, NOW);

    expect(over).toBe('MonthlyLimitReached');
    expect(at).toBe('created');
    expect(seen.per30Days).toEqual({ limit: 12000, used: 12000, left: 0 });
    expect(seen.maxNow).toBe(0);
  });
});

describe('the daily limit per IP address', () => {
  it("counts every client's applications from the address up to exactly the limit", async () => {
    const ip = newAddress();
    const [first, second] = [await client('card'), await client('card')];
    await apply(first, 5000, ip);

    const over = await apply(second, 3000.01, ip);
    const at = await apply(second, 3000, ip);

    expect(over).toBe('IpDailyLimitReached');
    expect(at).toBe('created');
    expect(await todayTotal(m.counters.limitSubject.ip(ip))).toBe(800_000n);
  });
});

describe('the daily limit per card', () => {
  it("counts every client's amounts with the card up to exactly the limit", async () => {
    const card = `card-${crypto.randomUUID()}`;
    const count = async (userId: string, amountUSD: number) => {
      const parts = await m.limits.limitParts(
        { id: userId, tier: 'identity', completedDeals: 1 },
        amountUSD,
        card,
        NOW,
      );
      await new m.transactions.Transaction().addParts(parts.parts).run();
    };
    await count(await client('identity'), 1999.99);
    const second = await client('identity');

    const over = await count(second, 0.02).catch((error: { code?: string }) => error.code);
    await count(second, 0.01);

    expect(over).toBe('CardDailyLimitReached');
    expect(await todayTotal(m.counters.limitSubject.card(card))).toBe(200_000n);
  });

  it("is the payout card's last four digits, and none for other payouts", () => {
    expect(m.limits.payoutCardKey({ kind: 'card', card: '4111 1111 1111 1234' })).toBe('1234');
    expect(m.limits.payoutCardKey({ kind: 'address', address: 'T'.padEnd(34, 'x') })).toBeNull();
    expect(m.limits.payoutCardKey(null)).toBeNull();
  });
});

describe('a deal that ends without completing', () => {
  it('gives its amount back to the day totals it was counted on', async () => {
    const userId = await client('email');
    const ip = newAddress();
    const { application } = await m.origin.withRequestOrigin({ ip, userAgent: undefined }, () =>
      m.create.createApplication(userId, giving(1000), undefined, NOW),
    );
    await apply(userId, 1000, ip);

    await m.mine.cancelMyApplication(userId, application.id);

    expect(await todayTotal(m.counters.limitSubject.user(userId))).toBe(100_000n);
    expect(await todayTotal(m.counters.limitSubject.ip(ip))).toBe(100_000n);
  });

  it('takes its amount again when a late payment brings it back from EXPIRED', async () => {
    const userId = await client('email');
    const { application } = await m.origin.withRequestOrigin({ ip: newAddress(), userAgent: undefined }, () =>
      m.create.createApplication(userId, giving(1000), undefined, NOW),
    );
    const move = (from: typeof application, to: 'EXPIRED' | 'PAID') =>
      new m.transactions.Transaction().addParts(m.limits.limitMoveParts(from, to)).run();

    await move(application, 'EXPIRED');
    const expired = await todayTotal(m.counters.limitSubject.user(userId));
    await move({ ...application, status: 'EXPIRED' }, 'PAID');

    expect(expired).toBe(0n);
    expect(await todayTotal(m.counters.limitSubject.user(userId))).toBe(100_000n);
    expect(m.limits.limitMoveParts({ ...application, status: 'PAID' }, 'COMPLETED')).toEqual([]);
  });

  it('keeps a completed deal counted', async () => {
    const userId = await client('email');
    const ip = newAddress();
    const { application } = await m.origin.withRequestOrigin({ ip, userAgent: undefined }, () =>
      m.create.createApplication(userId, giving(1000), undefined, NOW),
    );
    const staff = { id: (await putUser({ role: 'MANAGER' })).id, role: 'MANAGER' as const };

    await m.admin.changeApplicationStatus(application.id, { status: 'PROCESSING' }, staff);
    await m.admin.changeApplicationStatus(application.id, { status: 'COMPLETED' }, staff);

    expect(await todayTotal(m.counters.limitSubject.user(userId))).toBe(100_000n);
  });
});

describe('the limits under concurrency', () => {
  it("let exactly one of three simultaneous applications through a client's daily limit that fits one", async () => {
    const userId = await client('email');
    const ip = newAddress();
    await apply(userId, 1000, ip);
    await apply(userId, 1000, ip);

    const outcomes = await Promise.all(Array.from({ length: 3 }, () => apply(userId, 1000, ip)));

    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(1);
    expect(
      outcomes.every((outcome) =>
        ['created', 'DailyLimitReached', 'LimitsChangedMeanwhile'].includes(outcome),
      ),
    ).toBe(true);
    expect(await todayTotal(m.counters.limitSubject.user(userId))).toBe(300_000n);
  });

  it('read again when another application is counted between their read and their write', async () => {
    const userId = await client('email');
    const ip = newAddress();
    await apply(userId, 1000, ip);
    await apply(userId, 1000, ip);

    beforeNextTransaction(m.client.db, () => apply(userId, 600, ip));
    const refusal = await m.origin
      .withRequestOrigin({ ip, userAgent: undefined }, () =>
        m.create.createApplication(userId, giving(1000), undefined, NOW),
      )
      .catch((error: unknown) => error as { code: string; params: unknown });

    expect(refusal).toMatchObject({ code: 'DailyLimitReached', params: { limit: 3000, left: 400 } });
    expect(await todayTotal(m.counters.limitSubject.user(userId))).toBe(260_000n);
  });

  it("catch by the client's version an application counted meanwhile on another day of the 30", async () => {
    const userId = await client('card');
    const ip = newAddress();
    await apply(userId, 5000, ip, 10);

    beforeNextTransaction(m.client.db, () => apply(userId, 5000, ip, 5));
    const outcome = await apply(userId, 5000, ip);
    const seen = await m.limits.clientLimits({ id: userId, tier: 'card', completedDeals: 1 }, NOW);

    expect(outcome).toBe('MonthlyLimitReached');
    expect(seen.per30Days).toEqual({ limit: 12000, used: 10000, left: 2000 });
  });

  it('let exactly one of five clients applying at once from one address through its daily limit', async () => {
    const ip = newAddress();
    await apply(await client('card'), 5000, ip);
    const users = await Promise.all(Array.from({ length: 5 }, () => client('card')));

    const outcomes = await Promise.all(users.map((userId) => apply(userId, 3000, ip)));

    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'IpDailyLimitReached')).toHaveLength(4);
    expect(await todayTotal(m.counters.limitSubject.ip(ip))).toBe(800_000n);
  });
});

describe('what a client is shown of their limits', () => {
  it("gives the tier, the next one, each window's limit and what is left, and the most the next application may be", async () => {
    const userId = await client('email', 0);
    await apply(userId, 250, newAddress());

    const seen = await m.limits.clientLimits({ id: userId, tier: 'email', completedDeals: 0 }, NOW);

    expect(seen).toEqual({
      tier: 'email',
      nextTier: 'card',
      perApplication: 1000,
      firstDeals: { cap: 300, deals: 1, completed: 0 },
      perDay: { limit: 3000, used: 250, left: 2750 },
      per30Days: { limit: 10000, used: 250, left: 9750 },
      maxNow: 300,
    });
  });
});

describe('what a visitor is shown of the tiers', () => {
  it("gives each tier's windows as set, none where a limit is off, and the first deals' cap", async () => {
    expect(await m.limits.tierLimitTable()).toEqual({
      tiers: {
        email: { perApplication: 1000, perDay: 3000, per30Days: 10000 },
        card: { perApplication: 5000, perDay: 6000, per30Days: 12000 },
        identity: { perApplication: null, perDay: null, per30Days: null },
      },
      firstDeals: { cap: 300, deals: 1 },
    });
  });
});

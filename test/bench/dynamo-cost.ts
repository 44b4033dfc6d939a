import { randomBytes, randomUUID } from 'node:crypto';
import { freePort } from '../../infra/local/ports';
import { startLocalStack } from '../../infra/local/stack';
import { seedApplications } from './application-seed';

/**
 * DynamoDB calls and consumed capacity per endpoint: the local stack runs in this process (the
 * API adapter loads the very handler modules Lambda runs), a middleware on the shared document
 * client asks DynamoDB Local for ReturnConsumedCapacity TOTAL, and each scenario is one real
 * HTTP request, authentication included. Measured at each table size, so a cost that grows with
 * the table shows up as a difference between the columns.
 */
export interface EndpointCost {
  name: string;
  status: number;
  calls: number;
  capacity: number;
}

interface Context {
  siteUrl: string;
  tokens: Record<'user' | 'manager' | 'admin', string>;
  ownerId: string;
  ids: Record<string, string>;
}

type Scenario = { name: string; run: (context: Context) => Promise<Response> };

function call(context: Context, method: string, path: string, token?: string, body?: unknown) {
  return fetch(`${context.siteUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Reads `data.<field>` of a JSON answer into context.ids[key] (for the scenarios that follow). */
async function keep(context: Context, key: string, response: Response, pick: (data: never) => string) {
  const copy = response.clone();
  const body = (await copy.json()) as { data?: never };
  if (body.data) context.ids[key] = pick(body.data);
  return response;
}

const standard = {
  requestType: 'STANDARD',
  continent: 'europe',
  country: 'europe.spain',
  city: 'europe.spain.madrid',
  assetFrom: 'card-EUR',
  assetTo: 'usdt-trc20',
  amount: 500,
  contactTelegram: '@bench_user',
  originFunds: 'N/A',
};

const SCENARIOS: Scenario[] = [
  { name: 'GET /rates', run: (c) => call(c, 'GET', '/api/rates') },
  {
    name: 'POST /rates/calculate',
    run: (c) =>
      call(c, 'POST', '/api/rates/calculate', undefined, {
        assetFrom: 'card-EUR',
        assetTo: 'usdt-trc20',
        amount: 500,
      }),
  },
  {
    name: 'POST /applications (standard)',
    run: async (c) =>
      keep(
        c,
        'standard',
        await call(c, 'POST', '/api/applications', c.tokens.user, standard),
        (d: { id: string }) => d.id,
      ),
  },
  {
    name: 'POST /applications (individual)',
    run: async (c) =>
      keep(
        c,
        'individual',
        await call(c, 'POST', '/api/applications', c.tokens.user, {
          requestType: 'INDIVIDUAL',
          details: 'Bench request',
          contactTelegram: '@bench_user',
        }),
        (d: { id: string }) => d.id,
      ),
  },
  { name: 'GET /applications', run: (c) => call(c, 'GET', '/api/applications?limit=10', c.tokens.user) },
  {
    name: 'GET /applications/{id}',
    run: (c) => call(c, 'GET', `/api/applications/${c.ids.standard}`, c.tokens.user),
  },
  {
    name: 'POST /applications/{id}/cancel',
    run: (c) => call(c, 'POST', `/api/applications/${c.ids.individual}/cancel`, c.tokens.user),
  },
  {
    name: 'GET /admin/applications',
    run: (c) => call(c, 'GET', '/api/admin/applications', c.tokens.manager),
  },
  {
    name: 'GET /admin/applications?status=PROCESSING',
    run: (c) => call(c, 'GET', '/api/admin/applications?status=PROCESSING', c.tokens.manager),
  },
  {
    name: 'GET /admin/applications?userId=',
    run: (c) => call(c, 'GET', `/api/admin/applications?userId=${c.ownerId}`, c.tokens.manager),
  },
  {
    name: 'GET /admin/applications?sortBy=status',
    run: (c) => call(c, 'GET', '/api/admin/applications?sortBy=status', c.tokens.manager),
  },
  {
    name: 'GET /admin/applications?page=5',
    run: (c) => call(c, 'GET', '/api/admin/applications?page=5', c.tokens.manager),
  },
  {
    name: 'GET /admin/applications?search= (window 500)',
    run: (c) => call(c, 'GET', '/api/admin/applications?search=madrid', c.tokens.manager),
  },
  {
    name: 'GET /admin/applications/{id}',
    run: (c) => call(c, 'GET', `/api/admin/applications/${c.ids.standard}`, c.tokens.manager),
  },
  {
    name: 'POST /admin/applications/{id}/status',
    run: (c) =>
      call(c, 'POST', `/api/admin/applications/${c.ids.standard}/status`, c.tokens.manager, {
        status: 'PROCESSING',
      }),
  },
  {
    name: 'PUT /admin/applications/{id}/details',
    run: (c) =>
      call(c, 'PUT', `/api/admin/applications/${c.ids.standard}/details`, c.tokens.manager, {
        adminNote: 'Bench',
      }),
  },
  {
    name: 'GET /notifications',
    run: async (c) =>
      keep(
        c,
        'notification',
        await call(c, 'GET', '/api/notifications', c.tokens.user),
        (d: { items: Array<{ id: string }> }) => d.items[0]?.id ?? 'none',
      ),
  },
  {
    name: 'PUT /notifications/{id}/read',
    run: (c) => call(c, 'PUT', `/api/notifications/${c.ids.notification}/read`, c.tokens.user),
  },
  {
    name: 'POST /notifications/read-all',
    run: (c) => call(c, 'POST', '/api/notifications/read-all', c.tokens.user),
  },
  {
    name: 'GET /admin/dashboard?period=month',
    run: (c) => call(c, 'GET', '/api/admin/dashboard?period=month', c.tokens.manager),
  },
  {
    name: 'GET /admin/dashboard/activity-stats',
    run: (c) => call(c, 'GET', '/api/admin/dashboard/activity-stats', c.tokens.manager),
  },
  { name: 'GET /admin/geo', run: (c) => call(c, 'GET', '/api/admin/geo', c.tokens.admin) },
  {
    name: 'PUT /admin/geo/toggle (no change)',
    run: (c) =>
      call(c, 'PUT', '/api/admin/geo/toggle', c.tokens.admin, { locationKey: 'asia.japan', isActive: true }),
  },
  { name: 'GET /admin/settings', run: (c) => call(c, 'GET', '/api/admin/settings', c.tokens.admin) },
  {
    name: 'PUT /admin/settings/{key}',
    run: (c) => call(c, 'PUT', '/api/admin/settings/applicationExpiryHours', c.tokens.admin, { value: 24 }),
  },
  { name: 'GET /admin/rates', run: (c) => call(c, 'GET', '/api/admin/rates', c.tokens.admin) },
  {
    name: 'PUT /admin/rates (one value)',
    run: (c) =>
      call(c, 'PUT', '/api/admin/rates', c.tokens.admin, {
        currencies: [{ code: 'ZAR', usdValue: 0.054 + Math.random() / 1000 }],
      }),
  },
];

export async function measureDynamoCosts(sizes: number[]): Promise<Map<number, EndpointCost[]>> {
  const stack = await startLocalStack({
    port: 0,
    mailPort: 0,
    dynamoPort: await freePort(),
    dataDir: null,
    tableName: 'bench-dynamo-cost',
    jwtSecret: randomBytes(48).toString('base64url'),
    mailFrom: 'no-reply@bench.local',
    web: 'none',
    runJobs: false,
  });
  try {
    const { db } = await import('../../functions/data/client');
    let calls = 0;
    let capacity = 0;
    db.middlewareStack.add(
      (next) => async (args) => {
        (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
        const result = await next(args);
        const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
        for (const entry of [consumed].flat()) {
          capacity += Number((entry as { CapacityUnits?: number } | undefined)?.CapacityUnits ?? 0);
        }
        calls += 1;
        return result;
      },
      { step: 'initialize', name: 'benchConsumedCapacity' },
    );
    const context = await prepare(stack.siteUrl);
    const { handler: expireStale } = await import('../../functions/jobs/expire-stale');
    const results = new Map<number, EndpointCost[]>();
    let seeded = 0;
    for (const size of [...sizes].sort((a, b) => a - b)) {
      const ownerIds = [context.ownerId, ...Array.from({ length: 9 }, () => randomUUID())];
      await seedApplications({ from: seeded, to: size, ownerIds });
      seeded = size;
      const costs: EndpointCost[] = [];
      for (const scenario of SCENARIOS) {
        calls = 0;
        capacity = 0;
        const response = await scenario.run(context);
        await response.arrayBuffer();
        costs.push({ name: scenario.name, status: response.status, calls, capacity });
      }
      calls = 0;
      capacity = 0;
      await expireStale();
      costs.push({ name: 'job expire-stale (nothing stale)', status: 0, calls, capacity });
      results.set(size, costs);
    }
    return results;
  } finally {
    await stack.stop();
  }
}

/** A USER, a MANAGER and an ADMIN, logged in through the API. */
async function prepare(siteUrl: string): Promise<Context> {
  const { createUser } = await import('../../functions/data/users');
  const { hashPassword } = await import('../../functions/domain/accounts/passwords');
  const { newReferralCode } = await import('../../functions/domain/accounts/secrets');
  const password = 'Bench-password-9';
  const passwordHash = await hashPassword(password);
  const tokens = {} as Context['tokens'];
  let ownerId = '';
  for (const [key, role] of [
    ['user', 'USER'],
    ['manager', 'MANAGER'],
    ['admin', 'ADMIN'],
  ] as const) {
    const email = `bench-${key}-${Date.now()}@example.test`;
    const user = await createUser({
      id: randomUUID(),
      email,
      username: `bench_${key}_${Date.now()}`.slice(0, 30),
      passwordHash,
      referralCode: newReferralCode(),
      role,
      emailVerified: true,
    });
    if (key === 'user') ownerId = user.id;
    const response = await fetch(`${siteUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginIdentifier: email, password }),
    });
    const body = (await response.json()) as { data?: { token: string } };
    if (!body.data) throw new Error(`bench login failed: ${response.status}`);
    tokens[key] = body.data.token;
  }
  return { siteUrl, tokens, ownerId, ids: {} };
}

export function renderDynamoCosts(results: Map<number, EndpointCost[]>): string {
  const sizes = [...results.keys()];
  const names = results.get(sizes[0]!)!.map((cost) => cost.name);
  const header = [
    'endpoint',
    ...sizes.flatMap((size) => [`status@${size}`, `calls@${size}`, `capacity@${size}`]),
  ];
  const rows = names.map((name, index) => [
    name,
    ...sizes.flatMap((size) => {
      const cost = results.get(size)![index]!;
      return [cost.status === 0 ? '-' : String(cost.status), String(cost.calls), cost.capacity.toFixed(1)];
    }),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

import { randomBytes, randomUUID } from 'node:crypto';
import { allRoutes } from '@functions/routes/manifest';
import { startRateProviderStandIns } from '@infra/local/rate-providers';
import type { Role } from '@shared/enums';
import { AROUND_THE_CLOCK } from '@shared/working-hours';
import {
  type Footprint,
  type LifecycleCost,
  measureApplicationLifecycles,
  measureFootprint,
} from './application-cost';
import { seedApplications } from './application-seed';
import { startMeteredStack } from './metered-stack';
import { measureWatcherCosts, ranAlone, type WatcherCost } from './watcher-cost';

/**
 * DynamoDB calls and consumed capacity per endpoint: the local stack runs in this process (the
 * API adapter loads the very handler modules Lambda runs), a middleware on the shared document
 * client asks DynamoDB Local for ReturnConsumedCapacity TOTAL, and each scenario is one real
 * HTTP request, authentication included. Measured at each table size, so a cost that grows with
 * the table shows up as a difference between the columns. The last line names the manifest routes
 * without a row.
 */
export interface EndpointCost {
  name: string;
  status: number;
  calls: number;
  capacity: number;
}

interface Context {
  siteUrl: string;
  mailUrl: string;
  tokens: Record<'user' | 'manager' | 'admin', string>;
  /** The bench USER: owns the standard application, half the seeded ones and the tokens.user session. */
  ownerId: string;
  ownerEmail: string;
  /** Ids and tokens rows keep for the rows after them; `target` is a fresh USER per table size. */
  ids: Record<string, string>;
}

const PASSWORD = 'Bench-password-9';

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

/** Copies fields of a JSON answer's `data` into context.ids (for the scenarios that follow). */
async function keep(context: Context, response: Response, pick: (data: never) => Record<string, string>) {
  const copy = response.clone();
  const body = (await copy.json()) as { data?: never };
  if (body.data) Object.assign(context.ids, pick(body.data));
  return response;
}

/** The second session of the bench user (login, refresh, logout), apart from tokens.user. */
const secondSession = (d: { token: string; refreshToken: string }) => ({
  sessionToken: d.token,
  refreshToken: d.refreshToken,
});

/** The token of the latest `/{page}#token=` link mailed to `address` (the local SES inbox keeps all). */
async function mailedToken(context: Context, address: string, page: 'verify-email' | 'reset-password') {
  const response = await fetch(`${context.mailUrl}/store`);
  const store = (await response.json()) as {
    emails: Array<{ destination: { to: string[] }; body: { html?: string; text?: string } }>;
  };
  const link = new RegExp(`/${page}#token=([\\w%-]+)`);
  const tokens = store.emails
    .filter((mail) => mail.destination.to.includes(address))
    .map((mail) => link.exec(`${mail.body.text ?? ''} ${mail.body.html ?? ''}`)?.[1])
    .filter((token) => token !== undefined);
  if (tokens.length === 0) throw new Error(`bench: no ${page} link mailed to ${address}`);
  return decodeURIComponent(tokens[tokens.length - 1]!);
}

/** A row in which the ADMIN changes this run's target user; the name is the request, `{id}` the target. */
function changeTarget(name: string, body?: unknown): Scenario {
  const [method, path] = name.split(' ') as [string, string];
  return {
    name,
    run: (c) => call(c, method, `/api${path.replace('{id}', c.ids.target!)}`, c.tokens.admin, body),
  };
}

/** An email and username no other row uses. */
function uniqueIdentity(key: string) {
  const username = `bench_${key}_${randomBytes(4).toString('hex')}`;
  return { email: `${username}@example.test`, username };
}

const standard = {
  requestType: 'STANDARD',
  continent: 'europe',
  country: 'europe.spain',
  city: 'europe.spain.madrid',
  assetFrom: 'card-EUR',
  assetTo: 'usdt-trc20',
  // Within a new client's first-deal cap (firstDealsCapUSD, 300 USD): the limits are on, as deployed.
  amount: 250,
  contactTelegram: '@bench_user',
  amlAcknowledged: true as const,
  originFunds: 'N/A',
};

const SCENARIOS: Scenario[] = [
  { name: 'GET /health', run: (c) => call(c, 'GET', '/api/health') },
  { name: 'GET /openapi.json', run: (c) => call(c, 'GET', '/api/openapi.json') },
  { name: 'GET /geo', run: (c) => call(c, 'GET', '/api/geo') },
  { name: 'GET /status', run: (c) => call(c, 'GET', '/api/status') },
  { name: 'GET /misc/avatars', run: (c) => call(c, 'GET', '/api/misc/avatars') },
  {
    name: 'POST /misc/validate-telegram',
    run: (c) => call(c, 'POST', '/api/misc/validate-telegram', undefined, { username: '@bench_user' }),
  },
  // A newcomer per run goes through the mailed-link flows: register, verify, change and reset the password.
  {
    name: 'POST /auth/register',
    run: (c) => {
      const { email, username } = uniqueIdentity('new');
      c.ids.newcomer = email;
      return call(c, 'POST', '/api/auth/register', undefined, { email, username, password: PASSWORD });
    },
  },
  {
    name: 'POST /auth/resend-verification',
    run: (c) => call(c, 'POST', '/api/auth/resend-verification', undefined, { email: c.ids.newcomer }),
  },
  {
    name: 'POST /auth/verify-email',
    run: async (c) => {
      const token = await mailedToken(c, c.ids.newcomer!, 'verify-email');
      return keep(
        c,
        await call(c, 'POST', '/api/auth/verify-email', undefined, { token, password: PASSWORD }),
        (d: { token: string }) => ({ newcomerToken: d.token }),
      );
    },
  },
  {
    name: 'POST /auth/change-password',
    run: (c) =>
      call(c, 'POST', '/api/auth/change-password', c.ids.newcomerToken, {
        currentPassword: PASSWORD,
        newPassword: `${PASSWORD}-changed`,
      }),
  },
  {
    name: 'POST /auth/forgot-password',
    run: (c) => call(c, 'POST', '/api/auth/forgot-password', undefined, { email: c.ids.newcomer }),
  },
  {
    name: 'POST /auth/reset-password',
    run: async (c) =>
      call(c, 'POST', '/api/auth/reset-password', undefined, {
        token: await mailedToken(c, c.ids.newcomer!, 'reset-password'),
        password: `${PASSWORD}-reset`,
      }),
  },
  {
    name: 'POST /auth/login',
    run: async (c) =>
      keep(
        c,
        await call(c, 'POST', '/api/auth/login', undefined, {
          loginIdentifier: c.ownerEmail,
          password: PASSWORD,
        }),
        secondSession,
      ),
  },
  {
    name: 'POST /auth/refresh',
    run: async (c) =>
      keep(
        c,
        await call(c, 'POST', '/api/auth/refresh', undefined, { refreshTokenFromBody: c.ids.refreshToken }),
        secondSession,
      ),
  },
  { name: 'POST /auth/logout', run: (c) => call(c, 'POST', '/api/auth/logout', c.ids.sessionToken) },
  { name: 'GET /auth/me', run: (c) => call(c, 'GET', '/api/auth/me', c.tokens.user) },
  {
    name: 'PUT /users/profile',
    run: (c) =>
      call(c, 'PUT', '/api/users/profile', c.tokens.user, { username: uniqueIdentity('user').username }),
  },
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
    name: 'POST /rates/calculate (cash in a city: its hours too)',
    run: (c) =>
      call(c, 'POST', '/api/rates/calculate', undefined, {
        assetFrom: 'cash-EUR',
        assetTo: 'usdt-trc20',
        amount: 500,
        city: 'europe.spain.madrid',
      }),
  },
  {
    name: 'POST /applications (standard)',
    run: async (c) =>
      keep(c, await call(c, 'POST', '/api/applications', c.tokens.user, standard), (d: { id: string }) => ({
        standard: d.id,
      })),
  },
  {
    name: 'POST /applications (individual)',
    run: async (c) =>
      keep(
        c,
        await call(c, 'POST', '/api/applications', c.tokens.user, {
          requestType: 'INDIVIDUAL',
          details: 'Bench request',
          contactTelegram: '@bench_user',
          amlAcknowledged: true as const,
        }),
        (d: { id: string }) => ({ individual: d.id }),
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
        await call(c, 'GET', '/api/notifications', c.tokens.user),
        (d: { items: Array<{ id: string }> }) => ({ notification: d.items[0]?.id ?? 'none' }),
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
  // Working hours: the values the bench stack seeded (around the clock), so nothing is closed after.
  {
    name: 'PUT /admin/geo/cities/{key}',
    run: (c) =>
      call(c, 'PUT', '/api/admin/geo/cities/asia.japan.kyoto', c.tokens.admin, {
        timeZone: 'Asia/Tokyo',
        week: AROUND_THE_CLOCK,
        code: 'KYOTO',
      }),
  },
  {
    name: 'PUT /admin/geo/card-hours',
    run: (c) =>
      call(c, 'PUT', '/api/admin/geo/card-hours', c.tokens.admin, {
        timeZone: 'Europe/Moscow',
        week: AROUND_THE_CLOCK,
      }),
  },
  {
    name: 'PUT /admin/geo/maintenance',
    run: (c) => call(c, 'PUT', '/api/admin/geo/maintenance', c.tokens.admin, { active: false }),
  },
  { name: 'GET /admin/settings', run: (c) => call(c, 'GET', '/api/admin/settings', c.tokens.admin) },
  {
    name: 'GET /admin/settings/{key}',
    run: (c) => call(c, 'GET', '/api/admin/settings/applicationExpiryHours', c.tokens.admin),
  },
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
  { name: 'GET /admin/reserves', run: (c) => call(c, 'GET', '/api/admin/reserves', c.tokens.manager) },
  {
    name: 'PUT /admin/reserves (one reserve)',
    run: (c) =>
      call(c, 'PUT', '/api/admin/reserves', c.tokens.admin, {
        reserves: [
          { code: 'ZAR', amount: 1_800_000 + Math.round(Math.random() * 100) / 100, alertLevel: 180_000 },
        ],
      }),
  },
  { name: 'GET /admin/users', run: (c) => call(c, 'GET', '/api/admin/users', c.tokens.manager) },
  { name: 'GET /admin/managers', run: (c) => call(c, 'GET', '/api/admin/managers', c.tokens.manager) },
  {
    name: 'GET /admin/users/{id}',
    run: (c) => call(c, 'GET', `/api/admin/users/${c.ownerId}`, c.tokens.manager),
  },
  {
    name: 'GET /admin/users/{id}/applications',
    run: (c) => call(c, 'GET', `/api/admin/users/${c.ownerId}/applications`, c.tokens.manager),
  },
  changeTarget('PUT /admin/users/{id}', { adminComment: 'Bench' }),
  changeTarget('PUT /admin/users/{id}/role', { role: 'MANAGER' }),
  changeTarget('PUT /admin/users/{id}/deactivate'),
  changeTarget('PUT /admin/users/{id}/activate'),
  changeTarget('POST /admin/users/{id}/reset-referrals'),
];

/** The manifest route a row measures: `GET /admin/applications?page=5` and `PUT /x (note)` count. */
function routeOf(rowName: string): string {
  const [method, target = ''] = rowName.split(' ');
  return `${method} /api${target.split('?')[0]}`;
}

/** Manifest routes (allRoutes) no row measures, so a route added without a row shows up. */
export function routesWithoutRow(rowNames: readonly string[]): string[] {
  const measured = new Set(rowNames.map(routeOf));
  return allRoutes
    .map(([, route]) => `${route.method} ${route.path}`)
    .filter((route) => !measured.has(route));
}

/** Applications taken through their whole life for the cost line, after one not counted. */
const COSTED_APPLICATIONS = 20;

export interface DynamoCosts {
  bySize: Map<number, EndpointCost[]>;
  /** At the largest size: the life of an application, and the rates job's two kinds of run. */
  lifecycle: LifecycleCost;
  ratesJob: { moved: Footprint & { writes: number }; unchanged: Footprint };
  /** The chain watcher's runs with 10 and 1,000 open applications (watcher-cost.ts). */
  watcher: WatcherCost[];
}

export async function measureDynamoCosts(sizes: number[]): Promise<DynamoCosts> {
  // Prices are set once the stack has configured the functions' environment (the seed reads it).
  const providers = await startRateProviderStandIns({});
  const { stack, meter, mailSender } = await startMeteredStack('bench-dynamo-cost', {
    rateProviders: providers.urls,
  });
  try {
    const context = await prepare(stack.siteUrl, stack.mailUrl);
    const { handler: expireStale } = await import('@functions/jobs/expire-stale');
    const { handler: refreshRates } = await import('@functions/jobs/refresh-rates');
    const { SEED_USD_VALUES } = await import('@functions/seed/rates-data');
    for (const [code, usdValue] of Object.entries(SEED_USD_VALUES)) providers.setUsdValue(code, usdValue);
    await switchToFeed();
    await refreshRates();
    const results = new Map<number, EndpointCost[]>();
    const ratesJob = {} as DynamoCosts['ratesJob'];
    let seeded = 0;
    for (const size of [...sizes].sort((a, b) => a - b)) {
      const ownerIds = [context.ownerId, ...Array.from({ length: 9 }, () => randomUUID())];
      await seedApplications({ from: seeded, to: size, ownerIds });
      seeded = size;
      // The user-changing rows deactivate and promote this one, not a user later rows log in as.
      context.ids.target = (await createBenchUser('target', 'USER')).id;
      const costs: EndpointCost[] = [];
      const mail = { calls: 0, capacity: 0 };
      for (const scenario of SCENARIOS) {
        meter.reset();
        const response = await scenario.run(context);
        await response.arrayBuffer();
        costs.push({
          name: scenario.name,
          status: response.status,
          calls: meter.calls,
          capacity: meter.capacity,
        });
        meter.reset();
        await mailSender.drain();
        mail.calls += meter.calls;
        mail.capacity += meter.capacity;
      }
      costs.push({ name: 'worker send-mail (every mail the rows above queued)', status: 0, ...mail });
      meter.reset();
      await expireStale();
      costs.push({
        name: 'job expire-stale (nothing stale)',
        status: 0,
        calls: meter.calls,
        capacity: meter.capacity,
      });
      // The rates job: the hour's run, both providers called, EUR moved (its price and history
      // item: 2 writes for its 4 feed directions), then one of the hour's other runs, the ticker
      // alone called and nothing changed (reads and the claim of the ticker's call). Each finds its
      // providers due as on the schedule: their last calls are forgotten first.
      providers.setUsdValue('EUR', SEED_USD_VALUES.EUR! + size / 1e6);
      for (const [name, kind, due] of [
        ['job refresh-rates (EUR moved; 4 feed directions)', 'moved', ['crypto-ticker', 'fiat-reference']],
        ['job refresh-rates (nothing changed)', 'unchanged', ['crypto-ticker']],
      ] as const) {
        await forgetProviderCalls(due);
        const { result: run, footprint } = await measureFootprint(meter, async () =>
          ranAlone(await refreshRates()),
        );
        ratesJob[kind] = { ...footprint, writes: run.writes };
        costs.push({
          name: `${name}: ${run.writes} writes`,
          status: 0,
          calls: meter.calls,
          capacity: meter.capacity,
        });
      }
      results.set(size, costs);
    }
    const lifecycle = await measureApplicationLifecycles({
      siteUrl: stack.siteUrl,
      mailUrl: stack.mailUrl,
      tokens: context.tokens,
      meter,
      mailSender,
      body: standard,
      applications: COSTED_APPLICATIONS,
    });
    const watcher = await measureWatcherCosts({
      tronApiUrl: stack.tronApiUrl,
      meter,
      newUser: (role) => createBenchUser('chain', role),
    });
    return { bySize: results, lifecycle, ratesJob, watcher };
  } finally {
    await stack.stop();
    await providers.stop();
  }
}

/** Both EUR cash directions and both EUR card directions follow the market during the bench. */
/** Removes the rates job's record of its last call of each provider, so its next run calls them. */
async function forgetProviderCalls(providers: readonly string[]) {
  const { db, tableName } = await import('@functions/data/client');
  const { keys } = await import('@functions/data/keys');
  const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
  for (const provider of providers) {
    await db.send(new DeleteCommand({ TableName: tableName, Key: keys.rateProviderCall(provider) }));
  }
}

async function switchToFeed() {
  const { putRates } = await import('@functions/domain/rates/rates');
  const directions = ['cash-EUR', 'card-EUR'].flatMap((fiat) =>
    [
      { assetFrom: fiat, assetTo: 'usdt-trc20' },
      { assetFrom: 'usdt-trc20', assetTo: fiat },
    ].map((pair) => ({ ...pair, markupPercent: 2, isActive: true, source: 'feed' as const })),
  );
  await putRates({ currencies: [], directions }, { id: 'bench', role: 'SUPER_ADMIN' });
}

let benchPasswordHash: Promise<string> | undefined;

/** A verified, active user with PASSWORD, written through the accounts data layer (no mail round trip). */
async function createBenchUser(key: string, role: Role): Promise<{ id: string; email: string }> {
  const { createUser } = await import('@functions/data/users');
  const { hashPassword } = await import('@functions/domain/accounts/passwords');
  const { newReferralCode } = await import('@functions/domain/accounts/secrets');
  benchPasswordHash ??= hashPassword(PASSWORD);
  const { email, username } = uniqueIdentity(key);
  const user = await createUser({
    id: randomUUID(),
    email,
    username,
    passwordHash: await benchPasswordHash,
    timeZone: 'Europe/Moscow',
    referralCode: newReferralCode(),
    role,
    emailVerified: true,
  });
  return { id: user.id, email };
}

/** A USER, a MANAGER and an ADMIN, logged in through the API. */
async function prepare(siteUrl: string, mailUrl: string): Promise<Context> {
  const context: Context = {
    siteUrl,
    mailUrl,
    tokens: {} as Context['tokens'],
    ownerId: '',
    ownerEmail: '',
    ids: {},
  };
  for (const [key, role] of [
    ['user', 'USER'],
    ['manager', 'MANAGER'],
    ['admin', 'ADMIN'],
  ] as const) {
    const user = await createBenchUser(key, role);
    if (key === 'user') Object.assign(context, { ownerId: user.id, ownerEmail: user.email });
    const response = await call(context, 'POST', '/api/auth/login', undefined, {
      loginIdentifier: user.email,
      password: PASSWORD,
    });
    const body = (await response.json()) as { data?: { token: string } };
    if (!body.data) throw new Error(`bench login failed: ${response.status}`);
    context.tokens[key] = body.data.token;
  }
  return context;
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
  const uncovered = routesWithoutRow(names);
  return [
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    `manifest routes without a row: ${uncovered.join(', ') || 'none'}`,
  ].join('\n');
}

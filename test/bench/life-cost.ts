import { randomBytes, randomUUID } from 'node:crypto';
import { jobs } from '@functions/routes/manifest';
import { matchRoute } from '@functions/routes/matching';
import { STAGES } from '@infra/stacks/stages';
import { LIVE_PING } from '@shared/contract/live';
import type { Role } from '@shared/enums';
import WebSocket from 'ws';
import type { meterConsumedCapacity } from '../support/consumed-capacity';
import { type ApiFootprint, type Footprint, measureFootprint } from './application-cost';
import { childMain, runInChild } from './child';
import { startMeteredStack } from './metered-stack';

/**
 * Everything an application's life asks of the service, measured one request at a time on a local
 * stack of its own (in a child process: test/bench/child.ts): the visitor's quote calls, the
 * account's register, verify, login, refresh, me and logout, the submit, the order page's reads
 * (the first answer and a 304 to its conditional re-read), its thread, its live ticket and its
 * WebSocket's connect, heartbeat and disconnect, the staff's list, detail, thread and two moves,
 * the mails and Telegram messages the outbox sender sent for them, and one idle run of every
 * scheduled job. Each figure is the mean of RUNS lives after one that warms the code up. The
 * monthly bill (test/bench/bill.ts) multiplies them by how often a life does each.
 */
const RUNS = 5;
const DISCONNECT_WAIT_MS = 100;
const PASSWORD = 'Bench-password-9';
const STAGE = STAGES.prod;

/** A step of the life: an HTTP request through the API, or a frame of the live connection. */
export type LifeStep =
  | 'status'
  | 'geo'
  | 'rates'
  | 'quote'
  | 'register'
  | 'verifyEmail'
  | 'login'
  | 'refresh'
  | 'me'
  | 'logout'
  | 'submit'
  | 'orderRead'
  | 'orderRead304'
  | 'orderThread'
  | 'myApplications'
  | 'notifications'
  | 'liveTicket'
  | 'staffList'
  | 'staffDetail'
  | 'staffThread'
  | 'staffMove'
  | 'liveConnect'
  | 'livePing'
  | 'liveDisconnect';

export interface LifeMeasurements {
  runs: number;
  steps: Record<LifeStep, ApiFootprint>;
  /** Per application: mails (SES) and Telegram messages the outbox sender sent, and its own work. */
  mails: number;
  telegramMessages: number;
  sender: Footprint & { invocations: number };
  /**
   * What the table grew by per application (its items, their names and values, and DynamoDB's 100
   * bytes of overhead per item and per index entry), including items that expire later (sessions,
   * tokens, the outbox's mails): the size backups and point-in-time recovery are billed on.
   */
  tableBytes: number;
  /** One idle run of each manifest job (nothing to expire, no payment on chain, prices unchanged). */
  jobs: Record<string, Footprint>;
}

/** measureApplicationLife in a child process with a stack of its own. */
export function measureApplicationLifeApart(): Promise<LifeMeasurements> {
  return runInChild<LifeMeasurements>(import.meta.filename);
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

async function measureApplicationLife(): Promise<LifeMeasurements> {
  const { stack, meter, mailSender } = await startMeteredStack('bench-life');
  try {
    const { putSetting } = await import('@functions/domain/settings/settings');
    const root = { id: 'bench', role: 'SUPER_ADMIN' as const };
    await putSetting('staffNotifyEmail', { value: 'staff@bench.local' }, root);
    await putSetting('telegramStaffChatId', { value: '-1001234567890' }, root);
    const manager = await login(stack.siteUrl, (await newUser('MANAGER')).email);

    const totals = new Map<LifeStep, ApiFootprint[]>();
    const record = (step: LifeStep, footprint: ApiFootprint) => {
      totals.set(step, [...(totals.get(step) ?? []), footprint]);
    };
    const counts = async () => ({
      mails: await mailCount(stack.mailUrl),
      telegram: await telegramCount(stack.telegramApiUrl),
    });
    const sender = { ms: 0, writeUnits: 0, readUnits: 0, logBytes: 0, logLines: 0, invocations: 0 };
    /** Sends what the outbox holds, as the stream would hand it to the sender, and adds up its work. */
    const drain = async () => {
      const invocations = mailSender.invocations.count;
      const { footprint } = await measureFootprint(meter, () => mailSender.drain());
      sender.ms += footprint.ms;
      sender.writeUnits += footprint.writeUnits;
      sender.logBytes += footprint.logBytes;
      sender.logLines += footprint.logLines;
      sender.invocations += mailSender.invocations.count - invocations;
    };
    await oneLife(stack.siteUrl, stack.mailUrl, manager, meter, drain);
    await drain();
    Object.assign(sender, { ms: 0, writeUnits: 0, logBytes: 0, logLines: 0, invocations: 0 });
    const before = await counts();
    const sizeBefore = await tableBytes();
    for (let run = 0; run < RUNS; run += 1) {
      const steps = await oneLife(stack.siteUrl, stack.mailUrl, manager, meter, drain);
      for (const [step, footprint] of steps) record(step, footprint);
      await drain();
    }
    const after = await counts();
    const sizeAfter = await tableBytes();
    const steps = Object.fromEntries([...totals].map(([step, all]) => [step, meanFootprint(all)])) as Record<
      LifeStep,
      ApiFootprint
    >;
    const perRun = (value: number) => value / RUNS;
    return {
      runs: RUNS,
      steps,
      mails: perRun(after.mails - before.mails),
      telegramMessages: perRun(after.telegram - before.telegram),
      tableBytes: perRun(sizeAfter - sizeBefore),
      sender: {
        ms: perRun(sender.ms),
        // The sender reads the stream in AWS (free); here its Query of the outbox stands in and is not counted.
        readUnits: 0,
        writeUnits: perRun(sender.writeUnits),
        logBytes: perRun(sender.logBytes),
        logLines: perRun(sender.logLines),
        invocations: perRun(sender.invocations),
      },
      jobs: await measureIdleJobs(meter, (await newUser('ADMIN')).id),
    };
  } finally {
    await stack.stop();
  }
}

/** One application's life as its owner and the staff live it, each request measured. */
async function oneLife(
  siteUrl: string,
  mailUrl: string,
  staffToken: string,
  meter: ReturnType<typeof meterConsumedCapacity>,
  drain: () => Promise<void>,
): Promise<Array<[LifeStep, ApiFootprint]>> {
  const measured: Array<[LifeStep, ApiFootprint]> = [];
  const request = async (
    step: LifeStep,
    method: string,
    path: string,
    options: { token?: string; body?: unknown; etag?: string } = {},
  ) => {
    const match = matchRoute(method, path.split('?')[0]!);
    if (match.kind !== 'route') throw new Error(`bench: no route for ${method} ${path}`);
    const { result, footprint } = await measureFootprint(meter, async () => {
      const response = await fetch(`${siteUrl}${path}`, {
        method,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.etag ? { 'if-none-match': options.etag } : {}),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      if (!response.ok && response.status !== 304)
        throw new Error(`bench: ${method} ${path} answered ${response.status}: ${bytes}`);
      return { bytes, etag: response.headers.get('etag') ?? undefined, status: response.status };
    });
    measured.push([
      step,
      {
        ...footprint,
        name: step,
        method,
        path,
        routeKey: `${match.route.method} ${match.route.path}`,
        memoryMb:
          match.route.passwordHashing === true ? STAGE.memoryMb.passwordHashing : STAGE.memoryMb.default,
        responseBytes: result.bytes.length,
      },
    ]);
    const text = result.bytes.toString('utf8');
    const data = text ? ((JSON.parse(text) as { data?: Record<string, unknown> }).data ?? {}) : {};
    return { data, etag: result.etag, status: result.status };
  };

  // The visitor: the landing page's figures and a quote before applying.
  await request('status', 'GET', '/api/status');
  await request('geo', 'GET', '/api/geo');
  await request('rates', 'GET', '/api/rates');
  await request('quote', 'POST', '/api/rates/calculate', {
    body: { assetFrom: 'card-EUR', assetTo: 'usdt-trc20', amount: 500 },
  });
  // The account: register, the mailed link, a login on another device, a refresh, me, logout.
  const username = `life_${randomBytes(5).toString('hex')}`;
  const email = `${username}@example.test`;
  await request('register', 'POST', '/api/auth/register', { body: { email, username, password: PASSWORD } });
  await drain();
  const verifyToken = await mailedToken(mailUrl, email);
  const verified = await request('verifyEmail', 'POST', '/api/auth/verify-email', {
    body: { token: verifyToken, password: PASSWORD },
  });
  const token = String(verified.data.token);
  const second = await request('login', 'POST', '/api/auth/login', {
    body: { loginIdentifier: email, password: PASSWORD },
  });
  const refreshed = await request('refresh', 'POST', '/api/auth/refresh', {
    body: { refreshTokenFromBody: second.data.refreshToken },
  });
  await request('me', 'GET', '/api/auth/me', { token });
  await request('logout', 'POST', '/api/auth/logout', { token: String(refreshed.data.token) });
  // The application and its order page.
  const submitted = await request('submit', 'POST', '/api/applications', { token, body: standard });
  const id = String(submitted.data.id);
  const first = await request('orderRead', 'GET', `/api/applications/${id}`, { token });
  const again = await request('orderRead304', 'GET', `/api/applications/${id}`, { token, etag: first.etag });
  if (again.status !== 304) throw new Error(`bench: the order's conditional read answered ${again.status}`);
  await request('orderThread', 'GET', `/api/applications/${id}/messages`, { token });
  await request('myApplications', 'GET', '/api/applications?limit=10', { token });
  await request('notifications', 'GET', '/api/notifications', { token });
  const ticket = await request('liveTicket', 'POST', '/api/live/ticket', { token });
  measured.push(...(await liveConnection(String(ticket.data.url), String(ticket.data.ticket), meter)));
  // The staff: the list, the application, its thread, and two moves.
  await request('staffList', 'GET', '/api/admin/applications', { token: staffToken });
  await request('staffDetail', 'GET', `/api/admin/applications/${id}`, { token: staffToken });
  await request('staffThread', 'GET', `/api/admin/applications/${id}/messages`, { token: staffToken });
  for (const status of ['PROCESSING', 'COMPLETED']) {
    await request('staffMove', 'POST', `/api/admin/applications/${id}/status`, {
      token: staffToken,
      body: { status },
    });
  }
  return measured;
}

/** The live connection's three function calls: $connect with the ticket, a heartbeat ($default), $disconnect. */
async function liveConnection(
  url: string,
  ticket: string,
  meter: ReturnType<typeof meterConsumedCapacity>,
): Promise<Array<[LifeStep, ApiFootprint]>> {
  const frame = (step: LifeStep, footprint: Footprint): [LifeStep, ApiFootprint] => [
    step,
    {
      ...footprint,
      name: step,
      method: 'WS',
      path: '/live',
      routeKey: step,
      memoryMb: STAGE.memoryMb.default,
      responseBytes: 0,
    },
  ];
  let socket: WebSocket | undefined;
  const connect = await measureFootprint(meter, async () => {
    const opened = new WebSocket(`${url}?ticket=${ticket}`);
    await new Promise<void>((resolve, reject) => {
      opened.once('open', () => resolve());
      opened.once('error', reject);
    });
    socket = opened;
  });
  const live = socket!;
  const ping = await measureFootprint(meter, async () => {
    const pong = new Promise<void>((resolve) => live.once('message', () => resolve()));
    live.send(JSON.stringify(LIVE_PING));
    await pong;
  });
  const disconnect = await measureFootprint(meter, async () => {
    const closed = new Promise<void>((resolve) => live.once('close', () => resolve()));
    live.close();
    await closed;
    // $disconnect runs after the close handshake; give it its moment (taken off its time below).
    await new Promise((resolve) => setTimeout(resolve, DISCONNECT_WAIT_MS));
  });
  disconnect.footprint.ms = Math.max(0, disconnect.footprint.ms - DISCONNECT_WAIT_MS);
  return [
    frame('liveConnect', connect.footprint),
    frame('livePing', ping.footprint),
    frame('liveDisconnect', disconnect.footprint),
  ];
}

/** Each manifest job's run with nothing to do, as most of a month's runs are. */
async function measureIdleJobs(meter: ReturnType<typeof meterConsumedCapacity>, adminId: string) {
  // Two receiving wallets for the chain watcher to read (nothing arrives on them).
  const { hexToTronAddress } = await import('@functions/data/tron');
  const { createPaymentTemplate } = await import('@functions/domain/payment-templates/templates');
  for (const index of [1, 2]) {
    const address = hexToTronAddress(`41${randomBytes(20).toString('hex')}`);
    await createPaymentTemplate(
      { kind: 'usdt', label: `Bench wallet ${index}`, address },
      { id: adminId, role: 'ADMIN' },
    );
  }
  const result: Record<string, Footprint> = {};
  for (const [name, job] of Object.entries(jobs)) {
    const { handler } = (await import(`@functions/${job.handler}`)) as { handler: () => Promise<unknown> };
    await handler();
    const runs: Footprint[] = [];
    for (let run = 0; run < RUNS; run += 1)
      runs.push((await measureFootprint(meter, () => handler())).footprint);
    result[name] = meanFootprint(runs);
  }
  return result;
}

/** The table's size as DynamoDB bills it, near enough: each item's attribute names and values, plus 100 bytes per item and index entry. */
async function tableBytes(): Promise<number> {
  const { db, tableName } = await import('@functions/data/client');
  const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
  let bytes = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      const indexEntries = ['gsi1pk', 'gsi2pk', 'gsi3pk'].filter((key) => key in item).length;
      bytes += Buffer.byteLength(JSON.stringify(item)) + 100 * (1 + indexEntries);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return bytes;
}

function meanFootprint<T extends Footprint>(all: T[]): T {
  const mean = (pick: (entry: T) => number) => all.reduce((sum, entry) => sum + pick(entry), 0) / all.length;
  return {
    ...all[0]!,
    ms: mean((entry) => entry.ms),
    readUnits: mean((entry) => entry.readUnits),
    writeUnits: mean((entry) => entry.writeUnits),
    logBytes: mean((entry) => entry.logBytes),
    logLines: mean((entry) => entry.logLines),
    ...('responseBytes' in all[0]!
      ? { responseBytes: mean((entry) => (entry as unknown as ApiFootprint).responseBytes) }
      : {}),
  };
}

async function newUser(role: Role): Promise<{ id: string; email: string }> {
  const { createUser } = await import('@functions/data/users');
  const { hashPassword } = await import('@functions/domain/accounts/passwords');
  const { newReferralCode } = await import('@functions/domain/accounts/secrets');
  const username = `life_${role.toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const email = `${username}@example.test`;
  const user = await createUser({
    id: randomUUID(),
    email,
    username,
    passwordHash: await hashPassword(PASSWORD),
    timeZone: 'Europe/Moscow',
    referralCode: newReferralCode(),
    role,
    emailVerified: true,
  });
  return { id: user.id, email };
}

async function login(siteUrl: string, email: string): Promise<string> {
  const response = await fetch(`${siteUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginIdentifier: email, password: PASSWORD }),
  });
  const body = (await response.json()) as { data?: { token: string } };
  if (!body.data) throw new Error(`bench: staff login answered ${response.status}`);
  return body.data.token;
}

async function mailCount(mailUrl: string): Promise<number> {
  const store = (await (await fetch(`${mailUrl}/store`)).json()) as { emails: unknown[] };
  return store.emails.length;
}

async function telegramCount(telegramApiUrl: string | null): Promise<number> {
  if (!telegramApiUrl) return 0;
  const response = await fetch(`${telegramApiUrl}/_local/calls?method=sendMessage`);
  return ((await response.json()) as { calls: unknown[] }).calls.length;
}

/** The token of the latest verify-email link mailed to `address`. */
async function mailedToken(mailUrl: string, address: string): Promise<string> {
  const store = (await (await fetch(`${mailUrl}/store`)).json()) as {
    emails: Array<{ destination: { to: string[] }; body: { html?: string; text?: string } }>;
  };
  const tokens = store.emails
    .filter((mail) => mail.destination.to.includes(address))
    .map(
      (mail) => /\/verify-email#token=([\w%-]+)/.exec(`${mail.body.text ?? ''} ${mail.body.html ?? ''}`)?.[1],
    )
    .filter((token) => token !== undefined);
  if (tokens.length === 0) throw new Error(`bench: no verify-email link mailed to ${address}`);
  return decodeURIComponent(tokens.at(-1)!);
}

await childMain(import.meta.url, measureApplicationLife);

import { randomUUID } from 'node:crypto';
import { loginDataSchema, meDataSchema } from '@shared/contract/auth';
import { healthDataSchema } from '@shared/contract/system';
import { SaxesParser } from 'saxes';
import * as z from 'zod/mini';
import {
  type Answer,
  type CheckContext,
  CheckFailed,
  type CheckResult,
  dataOf,
  excerpt,
  readEnvelope,
  request,
  skipped,
  timed,
} from './smoke-http';

/**
 * The checks of the smoke test run after every deploy (`npm run smoke`, infra/ops/smoke.ts) and
 * against the local stack (test/e2e/smoke.test.ts): the public site and API answer, a login works,
 * the API cannot be reached around CloudFront, and the monitors' file is well-formed. Node's fetch
 * only, no AWS credentials; JSON answers are read with the contract's schemas, so the smoke test
 * and the API cannot drift.
 */
export interface SmokeTarget {
  /** The public origin (CloudFront): the site and `/api/*`. */
  siteUrl: string;
  /** The API's execute-api endpoint, which must refuse; without it that check is skipped. */
  executeApiUrl?: string;
  /** The setting `ratesExportToken`, when the monitors' file is kept to it. */
  exportToken?: string;
  /** A check account without a second factor; without one the refusals of an unknown login are checked. */
  account?: { login: string; password: string };
  /** Each request's timeout. */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

function contextOf(target: SmokeTarget): CheckContext {
  const secrets = [target.account?.password, target.exportToken].filter((value): value is string => !!value);
  return { timeoutMs: target.timeoutMs ?? DEFAULT_TIMEOUT_MS, secrets: new Set(secrets) };
}

/** Every check, one after another, in the order they print. */
export async function runSmokeChecks(target: SmokeTarget): Promise<CheckResult[]> {
  return [
    await checkHealth(target),
    ...(await checkAuth(target)),
    await checkSpa(target),
    await checkExecuteApiRefuses(target),
    await checkRatesXml(target),
  ];
}

/** `GET /api/health`: 200, `{ success: true, data: { status: 'ok', … } }`. */
export function checkHealth(target: SmokeTarget): Promise<CheckResult> {
  const context = contextOf(target);
  return timed(context, 'health', async () => {
    const answer = await request(context, `${target.siteUrl}/api/health`);
    expectStatus(answer, 200, 'GET /api/health');
    const envelope = readEnvelope(answer, 'GET /api/health', healthDataSchema);
    const health = dataOf(envelope, 'GET /api/health');
    if (!envelope.success) throw new CheckFailed('GET /api/health answered 200 with success false');
    return `200, status ${health.status}, database ${health.database}`;
  });
}

/**
 * With a check account: login, me (the same user) and logout (after which the token is refused).
 * Without one: a login of an unknown account and `me` without a token are refused with 401.
 */
export async function checkAuth(target: SmokeTarget): Promise<CheckResult[]> {
  const context = contextOf(target);
  if (!target.account) {
    const noAccount = 'no check account (set SMOKE_LOGIN and SMOKE_PASSWORD to log in)';
    return [
      await timed(context, 'login', () => unknownLoginRefused(context, target.siteUrl)),
      await timed(context, 'me', () => meRefusedWithoutToken(context, target.siteUrl)),
      skipped('logout', noAccount),
    ];
  }
  let session: { token: string; userId: string } | undefined;
  const login = await timed(context, 'login', async () => {
    session = await logIn(context, target.siteUrl, target.account!);
    return `200, a session for user ${session.userId}`;
  });
  if (!session)
    return [
      login,
      skipped('me', 'no session: the login failed'),
      skipped('logout', 'no session: the login failed'),
    ];
  const { token, userId } = session;
  const me = await timed(context, 'me', async () => {
    const answer = await request(context, `${target.siteUrl}/api/auth/me`, { headers: bearer(token) });
    expectStatus(answer, 200, 'GET /api/auth/me');
    const { user } = dataOf(readEnvelope(answer, 'GET /api/auth/me', meDataSchema), 'GET /api/auth/me');
    if (user.id !== userId) throw new CheckFailed(`GET /api/auth/me answered user ${user.id}, not ${userId}`);
    return `200, user ${user.id} (${user.role})`;
  });
  // Logs out even when `me` failed: the smoke test leaves no session behind.
  const logout = await timed(context, 'logout', () => logOut(context, target.siteUrl, token));
  return [login, me, logout];
}

async function logIn(context: CheckContext, siteUrl: string, account: { login: string; password: string }) {
  const answer = await request(context, `${siteUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginIdentifier: account.login, password: account.password }),
  });
  if (answer.status === 401)
    throw new CheckFailed('POST /api/auth/login answered 401: SMOKE_LOGIN or SMOKE_PASSWORD is wrong');
  expectStatus(answer, 200, 'POST /api/auth/login');
  const data = dataOf(readEnvelope(answer, 'POST /api/auth/login', loginDataSchema), 'POST /api/auth/login');
  if ('mfaRequired' in data) {
    context.secrets.add(data.mfaToken);
    throw new CheckFailed(
      'the check account has a second factor (login answered the code step, not a session): use a check account without one',
    );
  }
  context.secrets.add(data.token);
  context.secrets.add(data.refreshToken);
  return { token: data.token, userId: data.user.id };
}

/** The API ends the session family the access token names (functions/handlers/auth/logout.ts): no body. */
async function logOut(context: CheckContext, siteUrl: string, token: string): Promise<string> {
  const answer = await request(context, `${siteUrl}/api/auth/logout`, {
    method: 'POST',
    headers: bearer(token),
  });
  expectStatus(answer, 200, 'POST /api/auth/logout');
  if (!readEnvelope(answer, 'POST /api/auth/logout', z.unknown()).success)
    throw new CheckFailed('POST /api/auth/logout answered 200 with success false');
  const after = await request(context, `${siteUrl}/api/auth/me`, { headers: bearer(token) });
  if (after.status !== 401)
    throw new CheckFailed(
      `logout answered 200, but the token still opens GET /api/auth/me (${after.status})`,
    );
  return '200, the session ended (its token is now refused with 401)';
}

async function unknownLoginRefused(context: CheckContext, siteUrl: string): Promise<string> {
  // A reserved domain (RFC 2606) and a random name: certainly no account.
  const answer = await request(context, `${siteUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginIdentifier: `smoke-${randomUUID()}@smoke.invalid`, password: randomUUID() }),
  });
  if (answer.status >= 200 && answer.status < 300)
    throw new CheckFailed(`POST /api/auth/login let an unknown account in (${answer.status})`);
  expectRefusal(answer, 'POST /api/auth/login of an unknown account');
  return '401 for an unknown account';
}

async function meRefusedWithoutToken(context: CheckContext, siteUrl: string): Promise<string> {
  const answer = await request(context, `${siteUrl}/api/auth/me`);
  if (answer.status >= 200 && answer.status < 300)
    throw new CheckFailed(`GET /api/auth/me answered ${answer.status} without a token`);
  expectRefusal(answer, 'GET /api/auth/me without a token');
  return '401 without a token';
}

/** 401 in the envelope with success false. */
function expectRefusal(answer: Answer, what: string): void {
  expectStatus(answer, 401, what);
  if (readEnvelope(answer, what, z.unknown()).success) throw new CheckFailed(`${what} answered success true`);
}

/** The landing page, a client-rendered route (the app shell) and the page's CSP. */
export function checkSpa(target: SmokeTarget): Promise<CheckResult> {
  const context = contextOf(target);
  return timed(context, 'spa', async () => {
    const landing = await request(context, `${target.siteUrl}/`);
    expectPage(landing, 'GET /');
    const csp = landing.headers.get('content-security-policy');
    if (!csp) throw new CheckFailed('GET / answered without a Content-Security-Policy header');
    const shell = await request(context, `${target.siteUrl}/profile`);
    expectPage(shell, 'GET /profile');
    return '/ and /profile 200 text/html with #root, CSP set';
  });
}

function expectPage(answer: Answer, what: string): void {
  expectStatus(answer, 200, what);
  const type = answer.headers.get('content-type') ?? '';
  if (!/^text\/html\b/i.test(type))
    throw new CheckFailed(`${what} answered ${type || 'no content type'}, not text/html`);
  if (!answer.text.includes('<div id="root"'))
    throw new CheckFailed(`${what} answered html without <div id="root">: ${answer.excerpt}`);
}

/**
 * The execute-api endpoint must refuse: in prod it is switched off (AWS answers 403), elsewhere the
 * origin authorizer refuses a request without CloudFront's origin header (401 or 403).
 */
export async function checkExecuteApiRefuses(target: SmokeTarget): Promise<CheckResult> {
  const name = 'execute-api';
  if (!target.executeApiUrl) return skipped(name, 'not checked: pass --execute-api <url>');
  const context = contextOf(target);
  return timed(context, name, async () => {
    const answer = await request(context, `${target.executeApiUrl}/api/health`, { redirect: 'manual' });
    if (answer.status >= 200 && answer.status < 300)
      throw new CheckFailed(
        `GET /api/health answered ${answer.status} there: the API can be reached around CloudFront`,
      );
    if (answer.status !== 401 && answer.status !== 403)
      throw new CheckFailed(
        `GET /api/health answered ${answer.status}, not the refusal (401 or 403): is --execute-api the API's endpoint?`,
      );
    return `GET /api/health refused with ${answer.status}`;
  });
}

/** The monitors' file (docs/product.md §10): 200, XML, well-formed, `<rates>` holding `<item>`s. */
export function checkRatesXml(target: SmokeTarget): Promise<CheckResult> {
  const context = contextOf(target);
  return timed(context, 'rates.xml', async () => {
    const query = target.exportToken ? `?token=${encodeURIComponent(target.exportToken)}` : '';
    const answer = await request(context, `${target.siteUrl}/api/export/rates.xml${query}`);
    if (answer.status === 403)
      throw new CheckFailed(
        target.exportToken
          ? 'GET /api/export/rates.xml answered 403 to the token given: is it the setting ratesExportToken?'
          : 'GET /api/export/rates.xml answered 403: the file is kept to a token; pass --export-token <token>',
      );
    expectStatus(answer, 200, 'GET /api/export/rates.xml');
    const type = answer.headers.get('content-type') ?? '';
    if (!/^(application|text)\/([\w.-]+\+)?xml\b/i.test(type))
      throw new CheckFailed(`GET /api/export/rates.xml answered ${type || 'no content type'}, not XML`);
    const items = ratesItemCount(answer.text);
    return `200 ${type.split(';')[0]}, well-formed <rates> with ${items} <item>${items === 1 ? '' : 's'}`;
  });
}

/**
 * Parses the file with saxes, a non-validating XML 1.0 parser that enforces well-formedness (the
 * parser jsdom uses), and checks its outline: a `<rates>` root with only `<item>` elements in it.
 */
function ratesItemCount(xml: string): number {
  const parser = new SaxesParser();
  const errors: string[] = [];
  const outline: string[] = [];
  let depth = 0;
  let items = 0;
  parser.on('error', (error) => errors.push(error.message));
  parser.on('opentag', (tag) => {
    if (depth === 0 && tag.name !== 'rates') outline.push(`the root is <${tag.name}>, not <rates>`);
    if (depth === 1) {
      if (tag.name === 'item') items += 1;
      else outline.push(`<rates> holds <${tag.name}>, not only <item>`);
    }
    depth += 1;
  });
  parser.on('closetag', () => {
    depth -= 1;
  });
  parser.on('text', (text) => {
    if (depth === 1 && text.trim() !== '') outline.push(`<rates> holds text: ${excerpt(text, 40)}`);
  });
  parser.write(xml).close();
  if (errors.length) throw new CheckFailed(`rates.xml is not well-formed XML: ${errors[0]}`);
  if (outline.length) throw new CheckFailed(`rates.xml ${outline[0]}`);
  return items;
}

function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status)
    throw new CheckFailed(`${what} answered ${answer.status}, not ${status}: ${answer.excerpt}`);
}

function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

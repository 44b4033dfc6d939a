import { createHmac, randomBytes } from 'node:crypto';
import type { Access } from '@shared/routes/definition';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * The synthetic request of the canaries' pre-traffic check (pre-traffic-check.ts): one a route's new
 * version must refuse, so calling it changes nothing. A route for users or staff gets a forged token
 * (401 before anything else runs: authentication comes first, docs/architecture.md §3); a public
 * route gets a JSON array as its body, which no route's body schema accepts (400 before its handler
 * runs). The answer still proves that the bundle loads, reads its configuration (and, behind
 * authentication, the signing key's secret) and answers through the pipeline.
 */

/** One version to call and the status its refusal must have. */
export interface VersionCheck {
  /** The version's ARN (`function:name:7`). */
  readonly version: string;
  /** The route key, `POST /api/auth/login`: what the event names. */
  readonly route: string;
  /** 401 for a route behind authentication (forged token), 400 for a public one (refused body). */
  readonly status: 400 | 401;
}

/** The status of the refusal a route of `access` must answer the synthetic request with. */
export function expectedRefusal(access: Access): 400 | 401 {
  return access === 'public' ? 400 : 401;
}

/** The body every public canary route refuses: its schema is an object (test/integration/deploy/pre-traffic-check.test.ts). */
export const SYNTHETIC_BODY = '[]';

/**
 * An HS256 token of a form the authentication accepts to verify, naming a key that is not ours and
 * signed with a random one: verifying it reads the signing key's secret (as every real request does)
 * and refuses it, 401, before any item is read.
 */
export function forgedToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT', kid: 'pre-traffic-check' })}.${part({
    sub: 'pre-traffic-check',
    sid: 'pre-traffic-check',
    role: 'USER',
    typ: 'access',
    iat: now,
    exp: now + 60,
  })}`;
  const signature = createHmac('sha256', randomBytes(32)).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

/** The HTTP API (payload 2.0) event of the check, as API Gateway would pass it. */
export function syntheticEvent(check: VersionCheck, now = new Date()): APIGatewayProxyEventV2 {
  const [method = 'POST', path = '/'] = check.route.split(' ');
  return {
    version: '2.0',
    routeKey: check.route,
    rawPath: path,
    rawQueryString: '',
    headers: {
      authorization: `Bearer ${forgedToken()}`,
      'content-type': 'application/json',
      'user-agent': 'exchange-pre-traffic-check',
    },
    requestContext: {
      accountId: 'pre-traffic-check',
      apiId: 'pre-traffic-check',
      domainName: 'pre-traffic-check',
      domainPrefix: 'pre-traffic-check',
      http: {
        method,
        path,
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'exchange-pre-traffic-check',
      },
      requestId: `pre-traffic-check-${now.getTime()}`,
      routeKey: check.route,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body: SYNTHETIC_BODY,
    isBase64Encoded: false,
  };
}

/** What the Lambda API answered to an invocation. */
export interface Invocation {
  readonly functionError?: string;
  readonly payload?: string;
}

/** Undefined when the version refused the check as it should; otherwise what was wrong. */
export function judge(check: VersionCheck, invocation: Invocation): string | undefined {
  if (invocation.functionError)
    return `${check.version} failed (${invocation.functionError}): ${invocation.payload?.slice(0, 300) ?? ''}`;
  let answer: { statusCode?: unknown; body?: unknown };
  try {
    answer = JSON.parse(invocation.payload ?? '') as typeof answer;
  } catch {
    return `${check.version} answered no JSON: ${invocation.payload?.slice(0, 300) ?? ''}`;
  }
  let envelope: { success?: unknown } | undefined;
  try {
    envelope = typeof answer.body === 'string' ? (JSON.parse(answer.body) as typeof envelope) : undefined;
  } catch {
    envelope = undefined;
  }
  if (answer.statusCode !== check.status || envelope?.success !== false)
    return `${check.version} answered ${String(answer.statusCode)} ${String(answer.body).slice(0, 300)}, not ${check.status} with the error envelope`;
  return undefined;
}

export type Invoke = (version: string, event: APIGatewayProxyEventV2) => Promise<Invocation>;

/** Every check at once; the problems found, none when every version refused as it should. */
export async function checkVersions(checks: readonly VersionCheck[], invoke: Invoke): Promise<string[]> {
  const problems = await Promise.all(
    checks.map(async (check) => {
      try {
        return judge(check, await invoke(check.version, syntheticEvent(check)));
      } catch (error) {
        return `${check.version} could not be invoked: ${(error as Error).message}`;
      }
    }),
  );
  return problems.filter((problem): problem is string => problem !== undefined);
}

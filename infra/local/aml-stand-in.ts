import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ListeningStandIn, listenStandIn, postToStandIn, readBodyText } from './stand-in-server';

/**
 * A local stand-in for the AML provider: the change.pro AML Check API's two calls in its published
 * shapes (docs/architecture.md "AML adapter and stand-in"), which functions/data/aml.ts speaks:
 * - `POST /aml/check` `{ type: address|transaction, token, address, transaction? }` answers the new
 *   check, `pending`;
 * - `GET /aml/{id}` answers it `pending` for its first reads, then `completed` with `risk_score` and
 *   `signals`.
 * Both check `X-AUTH-KEY` (401 with a JSON body on a wrong or missing key). Anything not set scores
 * low. Test-only calls under /_local/: set the score, signals and pending reads of an address or a
 * transaction, fail (or answer late, or answer malformed) the next requests, read the checks
 * requested so far.
 */

/** The key the local stack gives the functions and this stand-in (the check is on locally). */
export const LOCAL_AML_API_KEY = 'local-aml-key';

/** A score the stand-in gives, as the test-only calls set it: numbers as decimal text. */
export interface AmlProfile {
  /** 0–100, decimal text ("13.6"). */
  riskScore: string;
  signals: ReadonlyArray<{ key: string; label: string; category: string; riskScore: string }>;
  /** How many reads answer `pending` before the check is `completed`. */
  pendingReads: number;
}

/** What anything not set scores: low. */
export const DEFAULT_AML_PROFILE: AmlProfile = {
  riskScore: '5.2',
  signals: [{ key: 'exchange_licensed', label: 'Exchange Licensed', category: 'low', riskScore: '100' }],
  pendingReads: 0,
};

interface StoredCheck {
  id: string;
  type: 'address' | 'transaction';
  address: string;
  transaction: string | null;
  profile: AmlProfile;
  reads: number;
  createdAt: string;
  updatedAt: string;
}

interface Failure {
  status: number;
  times: number;
  /** Answer after this many ms (a slow provider, for timeouts) instead of at once. */
  delayMs: number;
  /** Answer 200 with a body that is not the documented shape. */
  malformed: boolean;
  /** Only requests whose path or body contain this text fail (one test's address); all when absent. */
  match: string | undefined;
}

export type AmlStandIn = ListeningStandIn;

/** The stand-in's test-only routes (`/_local/…`), called as tests and scripts call them. */
export { postToStandIn as postToAmlStandIn };

const DECIMAL = /^\d{1,3}(\.\d{1,4})?$/;

/** A profile from a test-only call's body; undefined when it is not one. */
function profileOf(body: Record<string, unknown>): AmlProfile | undefined {
  const riskScore = body.riskScore ?? DEFAULT_AML_PROFILE.riskScore;
  const signals = body.signals ?? DEFAULT_AML_PROFILE.signals;
  const pendingReads = body.pendingReads ?? DEFAULT_AML_PROFILE.pendingReads;
  if (typeof riskScore !== 'string' || !DECIMAL.test(riskScore) || Number(riskScore) > 100) return undefined;
  if (!Number.isInteger(pendingReads) || (pendingReads as number) < 0) return undefined;
  if (!Array.isArray(signals)) return undefined;
  const valid = signals.every(
    (signal: Record<string, unknown>) =>
      typeof signal?.key === 'string' &&
      typeof signal.label === 'string' &&
      typeof signal.category === 'string' &&
      typeof signal.riskScore === 'string' &&
      DECIMAL.test(signal.riskScore),
  );
  return valid
    ? { riskScore, signals: signals as AmlProfile['signals'], pendingReads: pendingReads as number }
    : undefined;
}

export async function startAmlStandIn(options: { port?: number; apiKey?: string } = {}): Promise<AmlStandIn> {
  const apiKey = options.apiKey ?? LOCAL_AML_API_KEY;
  const checks = new Map<string, StoredCheck>();
  /** Set by address or transaction hash; a transaction's own wins over its sender's. */
  const profiles = new Map<string, AmlProfile>();
  const requests: Array<{ method: string; path: string; checkId: string | null }> = [];
  let failure: Failure | undefined;

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };

  /** The check in the provider's shape; numbers as JSON numbers, written from their decimal text. */
  const shape = (check: StoredCheck) => {
    const completed = check.reads > check.profile.pendingReads;
    return {
      id: check.id,
      status: completed ? 'completed' : 'pending',
      hash: check.transaction ?? check.address,
      token: 'trx',
      risk_score: completed ? Number(check.profile.riskScore) : null,
      signals: completed
        ? check.profile.signals.map((signal) => ({
            key: signal.key,
            label: signal.label,
            category: signal.category,
            risk_score: Number(signal.riskScore),
          }))
        : [],
      tokens: [],
      transactions_in: null,
      transactions_out: null,
      created_at: check.createdAt,
      updated_at: check.updatedAt,
    };
  };

  const startCheck = (body: Record<string, unknown>, response: ServerResponse) => {
    const { type, token, address, transaction } = body;
    if (
      (type !== 'address' && type !== 'transaction') ||
      token !== 'trx' ||
      typeof address !== 'string' ||
      !address ||
      (type === 'transaction' && (typeof transaction !== 'string' || !transaction))
    ) {
      json(response, 422, {
        result: false,
        message: 'type, token and address (and transaction) are required',
      });
      return;
    }
    const hash = type === 'transaction' ? (transaction as string) : null;
    const now = new Date().toISOString();
    const check: StoredCheck = {
      id: randomUUID(),
      type,
      address,
      transaction: hash,
      profile: (hash ? profiles.get(hash) : undefined) ?? profiles.get(address) ?? DEFAULT_AML_PROFILE,
      reads: 0,
      createdAt: now,
      updatedAt: now,
    };
    checks.set(check.id, check);
    requests.push({ method: 'POST', path: '/aml/check', checkId: check.id });
    json(response, 200, { result: true, data: shape(check) });
  };

  const readCheck = (id: string, response: ServerResponse) => {
    requests.push({ method: 'GET', path: `/aml/${id}`, checkId: id });
    const check = checks.get(id);
    if (!check) {
      json(response, 404, { result: false, message: 'Check not found' });
      return;
    }
    check.reads += 1;
    if (check.reads === check.profile.pendingReads + 1) check.updatedAt = new Date().toISOString();
    json(response, 200, { result: true, data: shape(check) });
  };

  const local = (path: string, body: Record<string, unknown>, response: ServerResponse) => {
    if (path === '/_local/score') {
      const subject = body.transaction ?? body.address;
      const profile = profileOf(body);
      if (typeof subject !== 'string' || !subject || !profile) {
        json(response, 400, {
          error:
            'give address or transaction, and optionally riskScore (decimal text 0-100), signals ' +
            '[{ key, label, category, riskScore }] and pendingReads',
        });
        return;
      }
      profiles.set(subject, profile);
      json(response, 200, { subject, ...profile });
      return;
    }
    if (path === '/_local/fail') {
      failure = {
        status: Number(body.status ?? 500),
        times: Number(body.times ?? 1),
        delayMs: Number(body.delayMs ?? 0),
        malformed: body.malformed === true,
        match: typeof body.match === 'string' ? body.match : undefined,
      };
      json(response, 200, failure);
      return;
    }
    json(response, 404, { error: 'not found' });
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const text = await readBodyText(request);
    let body: Record<string, unknown> = {};
    if (text) {
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        json(response, 400, { result: false, message: 'invalid JSON' });
        return;
      }
    }
    if (request.method === 'GET' && url.pathname === '/_local/checks') {
      json(response, 200, {
        checks: [...checks.values()].map((check) => ({
          id: check.id,
          type: check.type,
          address: check.address,
          transaction: check.transaction,
          reads: check.reads,
        })),
        requests,
      });
      return;
    }
    if (request.method === 'POST' && url.pathname.startsWith('/_local/')) {
      local(url.pathname, body, response);
      return;
    }
    if (request.headers['x-auth-key'] !== apiKey) {
      json(response, 401, { result: false, message: 'Unauthorized' });
      return;
    }
    if (
      failure &&
      failure.times > 0 &&
      (!failure.match || `${url.pathname} ${text}`.includes(failure.match))
    ) {
      failure.times -= 1;
      const { status, delayMs, malformed } = failure;
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (response.destroyed) return;
      if (malformed) json(response, 200, { result: true, data: { id: null, status: 'finished' } });
      else json(response, status, { result: false, message: `stand-in failure ${status}` });
      return;
    }
    if (request.method === 'POST' && url.pathname === '/aml/check') {
      startCheck(body, response);
      return;
    }
    const read = /^\/aml\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && read) {
      readCheck(decodeURIComponent(read[1]!), response);
      return;
    }
    json(response, 404, { result: false, message: 'not in this stand-in' });
  };

  return listenStandIn(handle, options.port);
}

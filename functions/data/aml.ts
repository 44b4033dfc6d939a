import { cachedSecret, readSecretString } from '@functions/commons/secret-store';
import { decimalText } from '@shared/money';
import * as z from 'zod/mini';

/**
 * The AML provider's port and its one adapter: the change.pro AML Check API as published
 * (docs/architecture.md "AML adapter and stand-in"), against `AML_API_URL` — the provider, or
 * locally the stand-in (infra/local/aml-stand-in.ts). The only place that knows the provider's
 * format: callers see a provider-neutral result (a score 0–100, categories with shares, a status
 * and the provider's id). Every call has a timeout; anything but a well-formed answer is
 * AmlUnavailable, so a caller retries later and never confirms a deal on a failure. Scores are
 * exact decimal text, never computed on as floats.
 */

export type AmlSubject =
  | { type: 'address'; address: string }
  | { type: 'transaction'; address: string; transaction: string };

export interface AmlSignal {
  key: string;
  label: string;
  category: string;
  /** percent, exact decimal text */
  share: string;
}

export interface AmlResult {
  providerId: string;
  status: 'pending' | 'completed';
  /** 0-100 as exact decimal text ("13.6"); null while pending */
  riskScore: string | null;
  signals: readonly AmlSignal[];
}

/** The provider could not answer now (network, timeout, 5xx, 429, malformed answer, 401): retry later. */
export class AmlUnavailable extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export const DEFAULT_AML_API_URL = 'https://api.change.pro';
/** A provider call must come well within a function's 10 s (`AML_TIMEOUT_MS` may shorten it, as tests do). */
export const AML_TIMEOUT_MS = 5000;
/** The API key secret's value when there is no key (infra/stacks/api-stack.ts puts it first): the check is off. */
export const NO_AML_API_KEY = 'none';
/** The chain the service's USDT moves on, as the provider names it. */
const TOKEN = 'trx';

export interface AmlConfig {
  url: string;
  /** `AML_API_KEY` when set (locally, tests); in AWS the secret `AML_API_KEY_ARN` names, read when called. */
  apiKey: string | undefined;
  timeoutMs: number;
}

/** The configuration, read when used. */
export function amlConfig(): AmlConfig {
  return {
    url: (process.env.AML_API_URL || DEFAULT_AML_API_URL).replace(/\/+$/, ''),
    apiKey: usableKey(process.env.AML_API_KEY),
    timeoutMs: Math.min(Number(process.env.AML_TIMEOUT_MS) || AML_TIMEOUT_MS, AML_TIMEOUT_MS),
  };
}

function usableKey(value: string | undefined): string | undefined {
  const key = value?.trim();
  return key && key !== NO_AML_API_KEY ? key : undefined;
}

/** The key from Secrets Manager, kept as secrets are (secret-store.ts); "none" or empty is no key. */
const secretApiKey = cachedSecret(async () =>
  usableKey(await readSecretString('AML_API_KEY', 'AML_API_KEY_ARN')),
);

/**
 * The key to send: the variable, else the secret; undefined when there is none (the check is off).
 * A secret that cannot be read is AmlUnavailable, not "off": a deal is never let through because a
 * read failed.
 */
async function apiKeyOf(config: AmlConfig): Promise<string | undefined> {
  if (config.apiKey) return config.apiKey;
  if (!process.env.AML_API_KEY_ARN) return undefined;
  try {
    return await secretApiKey();
  } catch (error) {
    throw new AmlUnavailable(`AML key secret unreadable: ${(error as Error).message}`);
  }
}

/** A key is set: the check is on. */
export async function amlConfigured(): Promise<boolean> {
  return (await apiKeyOf(amlConfig())) !== undefined;
}

const percent = z.number().check(z.gte(0), z.lte(100));
const checkAnswerSchema = z.object({
  result: z.literal(true),
  data: z.object({
    id: z.union([z.string().check(z.minLength(1)), z.number().check(z.int())]),
    status: z.enum(['pending', 'completed']),
    risk_score: z.nullable(percent),
    signals: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        category: z.string(),
        risk_score: percent,
      }),
    ),
  }),
});

/** The provider's answer as the port's result; AmlUnavailable when it is not the documented shape. */
export function toAmlResult(body: unknown): AmlResult {
  const parsed = z.safeParse(checkAnswerSchema, body);
  if (!parsed.success) throw new AmlUnavailable('AML provider answered an unreadable check');
  const { id, status, risk_score, signals } = parsed.data.data;
  if (status === 'completed' && risk_score === null)
    throw new AmlUnavailable('AML provider answered a completed check without a score');
  return {
    providerId: String(id),
    status,
    riskScore: status === 'completed' && risk_score !== null ? decimalText(risk_score) : null,
    signals: signals.map((signal) => ({
      key: signal.key,
      label: signal.label,
      category: signal.category,
      share: decimalText(signal.risk_score),
    })),
  };
}

async function call(path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<unknown> {
  const config = amlConfig();
  const apiKey = await apiKeyOf(config);
  if (!apiKey) throw new AmlUnavailable('No AML API key is set: the check is off');
  const headers: Record<string, string> = { Accept: 'application/json', 'X-AUTH-KEY': apiKey };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${config.url}${path}`, {
      method: init.method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    throw new AmlUnavailable(`AML provider unreachable or slow: ${(error as Error).message}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new AmlUnavailable(`AML provider answered ${response.status}`, response.status);
  }
  try {
    return (await response.json()) as unknown;
  } catch (error) {
    throw new AmlUnavailable(`AML provider answered no JSON: ${(error as Error).message}`);
  }
}

/** Starts a check of an address or a transaction (USDT on TRON); usually answered `pending`. */
export async function startAmlCheck(subject: AmlSubject): Promise<AmlResult> {
  const body =
    subject.type === 'address'
      ? { type: 'address', token: TOKEN, address: subject.address }
      : { type: 'transaction', token: TOKEN, address: subject.address, transaction: subject.transaction };
  return toAmlResult(await call('/aml/check', { method: 'POST', body }));
}

/** A started check as it stands: `pending`, or `completed` with its score and signals. */
export async function readAmlCheck(providerId: string): Promise<AmlResult> {
  return toAmlResult(await call(`/aml/${encodeURIComponent(providerId)}`, { method: 'GET' }));
}

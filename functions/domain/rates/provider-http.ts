import type { ProviderName } from './provider-terms';

/**
 * One GET of a rate provider within its timeout (providers.ts, market-providers.ts): whatever goes
 * wrong (no answer in time, a refusal, a 429 with its `Retry-After`, a body that cannot be read) is
 * a ProviderFailed naming the provider, which the rates job reports and never throws past itself.
 */
export class ProviderFailed extends Error {
  constructor(
    provider: ProviderName,
    reason: string,
    /** Set when the provider refused with 429: its `Retry-After` in ms, or null without one. */
    readonly throttledForMs?: number | null,
  ) {
    super(`${provider}: ${reason}`);
    this.name = 'ProviderFailed';
  }
}

/**
 * What one provider answered: each currency's price (a USD value, or a market source's price of
 * USDT in the currency: RATE_PROVIDERS says which) and the provider's own time for it (not when it
 * was fetched).
 */
export interface ProviderAnswer {
  provider: ProviderName;
  prices: Map<string, { value: number; asOf: Date }>;
}

/** `Retry-After` as delay-seconds or an HTTP date, in ms from `now`; null when absent or unreadable. */
function retryAfterMs(header: string | null, now: Date): number | null {
  if (header === null) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

// The timeout's signal also ends a body still arriving, so a slow body is a timeout too.
const timedOut = (error: unknown) => (error as Error).name === 'TimeoutError';

/** What a provider answered with 200, read by `read` (its body and HTTP Date header). */
async function get<T>(
  provider: ProviderName,
  url: string,
  timeoutMs: number,
  now: Date,
  read: (response: Response) => Promise<T>,
  unreadable: string,
): Promise<{ body: T; date: string | null }> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ProviderFailed(provider, timedOut(error) ? 'timed out' : String(error));
  }
  if (response.status === 429) {
    throw new ProviderFailed(
      provider,
      'answered 429',
      retryAfterMs(response.headers.get('retry-after'), now),
    );
  }
  if (!response.ok) throw new ProviderFailed(provider, `answered ${response.status}`);
  try {
    return { body: await read(response), date: response.headers.get('date') };
  } catch (error) {
    throw new ProviderFailed(provider, timedOut(error) ? 'timed out' : unreadable);
  }
}

export const getJson = (provider: ProviderName, url: string, timeoutMs: number, now: Date) =>
  get<unknown>(provider, url, timeoutMs, now, (response) => response.json(), 'answered no JSON');

/** The body's bytes, for a document in an encoding of its own (the central bank's windows-1251). */
export const getBytes = (provider: ProviderName, url: string, timeoutMs: number, now: Date) =>
  get(
    provider,
    url,
    timeoutMs,
    now,
    async (response) => new Uint8Array(await response.arrayBuffer()),
    'answered no body',
  );

/** A provider's number (a JSON number or a decimal string) when it is a positive finite one, else null. */
export const positive = (value: unknown): number | null => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : null;
};

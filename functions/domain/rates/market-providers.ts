import { RATE_DIGITS } from '@shared/exact-rate';
import { type Decimal, decimal, divideSignificant, significant, toNumber } from '@shared/money';
import { getBytes, getJson, type ProviderAnswer, ProviderFailed, positive } from './provider-http';

/**
 * The market sources a direction may price from besides the USD cross (providers.ts): each gives
 * the price of 1 USDT in a fiat currency, with the source's own time for it. docs/decisions.md
 * names the sources and their documentation.
 */

/**
 * USDT's last trade against each currency on EXMO (`GET {base}/ticker`, every pair at once:
 * `{"USDT_RUB": {"buy_price", "sell_price", "last_trade", "high", "low", "avg", "vol", "vol_curr",
 * "updated"}, …}`, prices as decimal strings, `updated` in unix seconds), each as of its pair's own
 * `updated`. An answer without a USDT pair (EXMO's `{"result": false, "error": …}`) is refused.
 */
export async function fetchUsdtMarket(
  baseUrl: string,
  timeoutMs: number,
  now: Date,
): Promise<ProviderAnswer> {
  const provider = 'usdt-market';
  const { body } = await getJson(provider, `${baseUrl}/ticker`, timeoutMs, now);
  const prices: ProviderAnswer['prices'] = new Map();
  const pairs = typeof body === 'object' && body !== null ? Object.entries(body) : [];
  for (const [pair, ticker] of pairs) {
    const code = /^USDT_([A-Z]{3})$/.exec(pair)?.[1];
    const { last_trade, updated } = (ticker ?? {}) as { last_trade?: unknown; updated?: unknown };
    const price = positive(last_trade);
    const updatedAt = positive(updated);
    if (code && price !== null && updatedAt !== null)
      prices.set(code, { value: price, asOf: new Date(updatedAt * 1000) });
  }
  if (prices.size === 0) throw new ProviderFailed(provider, 'no USDT pair');
  return { provider, prices };
}

/** Moscow has kept UTC+3 all year since 2014: the central bank's days are its days. */
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/** `DD/MM/YYYY` of the Moscow day `at` falls on (the `date_req` the central bank takes). */
function moscowDay(at: Date): string {
  const [year, month, day] = new Date(at.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** The text of an XML document in the encoding its declaration names (XML's default: UTF-8). */
function xmlText(bytes: Uint8Array): string | null {
  const declared = /^<\?xml[^>]*\bencoding=["']([\w-]+)["']/.exec(
    new TextDecoder('latin1').decode(bytes.subarray(0, 100)),
  );
  try {
    // Strict: bytes that are not of the declared encoding are a broken answer, not prices.
    return new TextDecoder(declared?.[1] ?? 'utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** A number of the central bank's (`92,5000`: a decimal comma), or null. */
function russianDecimal(text: string | undefined): Decimal | null {
  const plain = text?.trim().replace(',', '.');
  return plain && /^\d+(\.\d+)?$/.test(plain) && Number(plain) > 0 ? decimal(plain) : null;
}

/** Roubles per one unit of each currency the document lists (`Value` is per `Nominal` units). */
function roublesPerUnit(document: string): Map<string, Decimal> {
  const rates = new Map<string, Decimal>();
  for (const [, valute = ''] of document.matchAll(/<Valute\b[^>]*>([\s\S]*?)<\/Valute>/g)) {
    const field = (tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(valute)?.[1];
    const code = field('CharCode')?.trim();
    const nominal = field('Nominal')?.trim();
    const value = russianDecimal(field('Value'));
    if (code && /^[A-Z]{3}$/.test(code) && nominal && /^[1-9]\d*$/.test(nominal) && value)
      rates.set(code, divideSignificant(value, nominal, RATE_DIGITS + 2));
  }
  return rates;
}

/**
 * The Bank of Russia's official rates in force on the Moscow day of `now`
 * (`GET {base}/scripts/XML_daily.asp?date_req=DD/MM/YYYY`; a weekend or holiday answers the rate
 * set before it): windows-1251 XML, `<ValCurs Date="DD.MM.YYYY" name="Foreign Currency Market">
 * <Valute ID="R01235"><NumCode>840</NumCode><CharCode>USD</CharCode><Nominal>1</Nominal>
 * <Name>Доллар США</Name><Value>92,5000</Value><VunitRate>92,5</VunitRate></Valute>…`, roubles per
 * `Nominal` units with a decimal comma. USDT counts as a dollar: RUB's price is the dollar's rate,
 * another currency's the dollar's rate over its own (a cross through the rouble). Each is as of the
 * rate's date, 00:00 in Moscow (the day it is in force from).
 */
export async function fetchCentralBank(
  baseUrl: string,
  timeoutMs: number,
  now: Date,
): Promise<ProviderAnswer> {
  const provider = 'central-bank';
  const { body } = await getBytes(
    provider,
    `${baseUrl}/scripts/XML_daily.asp?date_req=${moscowDay(now)}`,
    timeoutMs,
    now,
  );
  const document = xmlText(body);
  if (document === null) throw new ProviderFailed(provider, 'answered text not in its declared encoding');
  const date = /<ValCurs\b[^>]*\bDate="(\d{2})\.(\d{2})\.(\d{4})"/.exec(document);
  if (!date) throw new ProviderFailed(provider, 'no ValCurs Date');
  const [, day, month, year] = date.map(Number);
  const asOf = new Date(Date.UTC(year!, month! - 1, day!) - MOSCOW_OFFSET_MS);
  const rates = roublesPerUnit(document);
  const dollar = rates.get('USD');
  if (!dollar) throw new ProviderFailed(provider, 'no USD rate');
  const prices: ProviderAnswer['prices'] = new Map([
    ['RUB', { value: toNumber(significant(dollar, RATE_DIGITS)), asOf }],
  ]);
  for (const [code, roubles] of rates) {
    prices.set(code, { value: toNumber(divideSignificant(dollar, roubles, RATE_DIGITS)), asOf });
  }
  return { provider, prices };
}

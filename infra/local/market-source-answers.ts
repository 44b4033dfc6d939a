/**
 * The answers of the rates job's two market sources (functions/domain/rates/market-providers.ts)
 * in their documented shapes, for the stand-ins of rate-providers.ts: EXMO's public ticker and the
 * Bank of Russia's daily rates, a windows-1251 XML document.
 */

/** EXMO's `GET /v1.1/ticker`: every pair at once, prices as decimal strings, `updated` in unix seconds. */
export function usdtMarketTicker(perUsdt: ReadonlyMap<string, string>, updatedAt: Date) {
  const updated = Math.floor(updatedAt.getTime() / 1000);
  const pair = (price: string) => ({
    buy_price: price,
    sell_price: price,
    last_trade: price,
    high: price,
    low: price,
    avg: price,
    vol: '125000.5',
    vol_curr: (Number(price) * 125_000.5).toFixed(8),
    updated,
  });
  // Pairs of other coins too, as the real ticker lists them; a reader must skip them.
  return {
    BTC_USDT: pair('67123.45'),
    ...Object.fromEntries([...perUsdt].map(([code, price]) => [`USDT_${code}`, pair(price)])),
    ETH_RUB: pair('310000'),
  };
}

/** One currency of the central bank's list: roubles per `nominal` units, as the document writes them. */
export interface OfficialRate {
  nominal: number;
  /** With a decimal point; written with the document's comma. */
  value: string;
}

const NAMES: Record<string, string> = {
  USD: 'Доллар США',
  EUR: 'Евро',
  KZT: 'Казахстанских тенге',
  CNY: 'Китайский юань',
  JPY: 'Японских иен',
};

/**
 * The central bank's `GET /scripts/XML_daily.asp` for `date`: `<ValCurs Date="DD.MM.YYYY"
 * name="Foreign Currency Market">` of `<Valute>`s, numbers with a decimal comma, each `Value` per
 * its `Nominal` and `VunitRate` per one unit, encoded in windows-1251 as its declaration says.
 */
export function centralBankDaily(rates: ReadonlyMap<string, OfficialRate>, date: Date): Uint8Array {
  const day = date.toISOString().slice(0, 10).split('-').reverse().join('.');
  const comma = (text: string) => text.replace('.', ',');
  const valutes = [...rates].map(
    ([code, { nominal, value }], index) =>
      `<Valute ID="R0${1000 + index}"><NumCode>${100 + index}</NumCode><CharCode>${code}</CharCode>` +
      `<Nominal>${nominal}</Nominal><Name>${NAMES[code] ?? `Валюта ${code}`}</Name>` +
      `<Value>${comma(value)}</Value><VunitRate>${comma(String(Number(value) / nominal))}</VunitRate></Valute>`,
  );
  return windows1251(
    `<?xml version="1.0" encoding="windows-1251"?><ValCurs Date="${day}" name="Foreign Currency Market">${valutes.join('')}</ValCurs>`,
  );
}

/** Text in windows-1251: ASCII as it is, Cyrillic А–я at 0xC0–0xFF, Ё and ё at 0xA8 and 0xB8. */
export function windows1251(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => {
    const code = char.codePointAt(0)!;
    if (code < 0x80) return code;
    if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
    if (code === 0x401) return 0xa8;
    if (code === 0x451) return 0xb8;
    return 0x3f;
  });
}

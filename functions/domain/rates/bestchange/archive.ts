import { compare, type Decimal, decimal, divideSignificant } from '@shared/money';
import { unzipSync } from 'fflate';

/** One exchanger's line of one direction, its amounts as written (the rate is worked out when asked for). */
export interface ArchiveRate {
  exchangerId: number;
  give: string;
  receive: string;
}

/**
 * BestChange's public rates archive (`info.zip`, docs/decisions.md "BestChange's rates archive"):
 * `bm_rates.dat`, one line per exchanger and direction, `from_id;to_id;exchanger_id;give;receive;
 * reserve;…` (later fields vary by version and are not read); `bm_cycodes.dat`, each currency's id
 * and its code as the monitors' files name it (`id;code`: `10;SBERRUB`); `bm_exch.dat`, the
 * exchangers (`id;name;…`). The files are windows-1251 text, a line per record.
 */
export interface RatesArchive {
  /** Currency ids by their monitors' code (`USDTTRC20` → 208). */
  currencyIds: ReadonlyMap<string, number>;
  exchangers: ReadonlyMap<number, string>;
  /** The lines of each direction, by `{from_id}>{to_id}`: a direction's are found without reading all. */
  directions: ReadonlyMap<string, readonly ArchiveRate[]>;
}

const pairKey = (fromId: number, toId: number) => `${fromId}>${toId}`;

/** The archive could not be had: not reached, refused, not a zip, a file missing, or no rates in it. */
export class RatesArchiveFailed extends Error {
  constructor(reason: string) {
    super(`BestChange's rates archive: ${reason}`);
    this.name = 'RatesArchiveFailed';
  }
}

/** Significant digits a listed rate is read to: more than any exchanger writes. */
const LISTED_RATE_DIGITS = 15;
const WHOLE = /^\d+$/;
const AMOUNT = /^\d+(\.\d+)?$/;

export function readRatesArchive(zip: Uint8Array): RatesArchive {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (file) => ['bm_rates.dat', 'bm_cycodes.dat', 'bm_exch.dat'].includes(file.name),
    });
  } catch (error) {
    throw new RatesArchiveFailed(`not a zip archive (${(error as Error).message})`);
  }
  const lines = (name: string) => {
    const file = files[name];
    if (!file) throw new RatesArchiveFailed(`no ${name}`);
    return new TextDecoder('windows-1251')
      .decode(file)
      .split(/\r?\n/)
      .map((line) => line.trim().split(';'))
      .filter((fields) => fields.length > 1);
  };
  const currencyIds = new Map<string, number>();
  for (const [id, code] of lines('bm_cycodes.dat'))
    if (WHOLE.test(id!) && code) currencyIds.set(code.toUpperCase(), Number(id));
  const exchangers = new Map<number, string>();
  for (const [id, name] of lines('bm_exch.dat')) if (WHOLE.test(id!)) exchangers.set(Number(id), name ?? '');
  const directions = new Map<string, ArchiveRate[]>();
  // A line that does not read as rates is left out, not the archive: one exchanger's bad line
  // must not stop the positioning of every direction.
  for (const [fromId, toId, exchangerId, give, receive] of lines('bm_rates.dat')) {
    if (![fromId, toId, exchangerId].every((id) => id !== undefined && WHOLE.test(id))) continue;
    if (!give || !receive || ![give, receive].every((amount) => AMOUNT.test(amount) && /[1-9]/.test(amount)))
      continue;
    const key = pairKey(Number(fromId), Number(toId));
    const found = directions.get(key) ?? [];
    found.push({ exchangerId: Number(exchangerId), give, receive });
    directions.set(key, found);
  }
  if (directions.size === 0) throw new RatesArchiveFailed('no rates in bm_rates.dat');
  return { currencyIds, exchangers, directions };
}

/** An exchanger BestChange lists for a direction, and its figure: 1 of the unit side = figure of the other. */
export interface Competitor {
  exchangerId: number;
  /** Its name in `bm_exch.dat`; its id when the file does not name it. */
  exchanger: string;
  figure: Decimal;
}

/**
 * The other exchangers BestChange lists for a direction named by its monitors' codes, the best for
 * the client first; the exchange's own line (`ownExchangerId`) is not a competitor. A line's figure
 * is what 1 of the unit side is worth in the other: `receive / give` where the client gives the unit
 * (the monitor ranks the highest first), `give / receive` where the client receives it (the lowest
 * first). Null when the archive knows either code not.
 */
export function competitorsOf(
  archive: RatesArchive,
  codes: { from: string; to: string },
  unitGiven: boolean,
  ownExchangerId: number | null,
): Competitor[] | null {
  const fromId = archive.currencyIds.get(codes.from.toUpperCase());
  const toId = archive.currencyIds.get(codes.to.toUpperCase());
  if (fromId === undefined || toId === undefined) return null;
  return (archive.directions.get(pairKey(fromId, toId)) ?? [])
    .filter((line) => line.exchangerId !== ownExchangerId)
    .map((line) => ({
      exchangerId: line.exchangerId,
      exchanger: archive.exchangers.get(line.exchangerId) || String(line.exchangerId),
      figure: unitGiven
        ? divideSignificant(decimal(line.receive), decimal(line.give), LISTED_RATE_DIGITS)
        : divideSignificant(decimal(line.give), decimal(line.receive), LISTED_RATE_DIGITS),
    }))
    .sort((a, b) => (unitGiven ? compare(b.figure, a.figure) : compare(a.figure, b.figure)));
}

/** The archive at `url` (BESTCHANGE_ARCHIVE_URL), read; RatesArchiveFailed whatever goes wrong. */
export async function fetchRatesArchive(url: string, timeoutMs: number): Promise<RatesArchive> {
  let bytes: Uint8Array;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new RatesArchiveFailed(`answered ${response.status}`);
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    if (error instanceof RatesArchiveFailed) throw error;
    throw new RatesArchiveFailed(
      `not read (${(error as Error).name === 'TimeoutError' ? 'timed out' : String(error)})`,
    );
  }
  return readRatesArchive(bytes);
}

import { logger } from '@functions/commons/logger';
import {
  type DirectionRecord,
  type PositionRecord,
  putPositions,
  type RatesTable,
  readRatesTable,
} from '@functions/data/rates';
import { settingValue } from '@functions/domain/settings/settings';
import { currencyOfAsset } from '@shared/assets';
import type { Position, Positioning } from '@shared/contract/positioning';
import { compare, decimalText } from '@shared/money';
import { monitorCodePairs } from '@shared/monitor-codes';
import { type Competitor, competitorsOf, fetchRatesArchive, type RatesArchive } from './archive';
import { positionedRate } from './positioning';

/** An unchanged position is written again after this, so its freshness shows without a write every run. */
const POSITION_CONFIRM_MINUTES = 5;
/** Competitors shown above and below the direction's place on the rates page. */
const NEIGHBOURS = 5;

export interface PositioningRun {
  /** Directions that hold a place. */
  positioned: number;
  /** Those whose figure moved this run, as `{from}>{to}`. */
  moved: string[];
  /** Why the archive was not read, when it was not. */
  archiveProblem: string | null;
  /** Position items written (moved, changed or confirmed). */
  writes: number;
}

/**
 * The rates job's step that holds each positioned direction's place on BestChange (issue 41 item
 * 4): when any direction has a target place, it reads the archive once, works out each one's
 * figure among its competitors (positioning.ts) and writes what changed. An archive that cannot be
 * read is each direction's `archive` problem, and a direction BestChange does not list is
 * `unlisted`: either prices from its own source meanwhile (quote.ts), as without positioning.
 * `table`: the rates as the job read them for its prices (they write no direction or position).
 */
export async function holdPlaces(
  now: Date,
  archive: { url: string; timeoutMs: number },
  table?: RatesTable,
): Promise<PositioningRun> {
  table ??= await readRatesTable();
  const directions = table.directions.filter(
    (direction): direction is DirectionRecord & { positioning: Positioning } => !!direction.positioning,
  );
  const run: PositioningRun = { positioned: directions.length, moved: [], archiveProblem: null, writes: 0 };
  if (directions.length === 0) return run;
  let read: RatesArchive | null = null;
  try {
    read = await fetchRatesArchive(archive.url, archive.timeoutMs);
  } catch (error) {
    run.archiveProblem = error instanceof Error ? error.message : String(error);
    logger.warn('positioning: archive not read', { problem: run.archiveProblem });
  }
  const ownId = (await settingValue('bestChangeExchangerId')) || null;
  const previous = new Map(table.positions.map((position) => [keyOf(position), position]));
  const checkedAt = now.toISOString();
  const writes: PositionRecord[] = [];
  for (const direction of directions) {
    const before = previous.get(keyOf(direction));
    const outcome = read
      ? positionOf(direction, read, ownId)
      : { ...NOTHING, problem: 'archive' as const, detail: run.archiveProblem };
    const moved = outcome.figure !== (before?.figure ?? null);
    const position: PositionRecord = {
      assetFrom: direction.assetFrom,
      assetTo: direction.assetTo,
      checkedAt,
      ...outcome,
      previousFigure: moved ? (before?.figure ?? null) : (before?.previousFigure ?? null),
      movedAt: moved ? checkedAt : (before?.movedAt ?? null),
    };
    if (moved) run.moved.push(keyOf(direction));
    if (!before || moved || !sameOutcome(before, position) || isDue(before, now)) writes.push(position);
  }
  run.writes = writes.length > 0 ? await putPositions(writes) : 0;
  return run;
}

type Outcome = Omit<Position, 'checkedAt' | 'previousFigure' | 'movedAt'>;

const NOTHING: Outcome = {
  problem: null,
  detail: null,
  figure: null,
  place: null,
  wanted: null,
  heldBy: null,
  competitors: 0,
  above: [],
  below: [],
};

/** A direction's place among the competitors the archive lists under its own monitors' codes. */
function positionOf(
  direction: DirectionRecord & { positioning: Positioning },
  archive: RatesArchive,
  ownId: number | null,
): Outcome {
  const [codes] = monitorCodePairs({ ...direction, sbpBanks: direction.sbpBanks ?? [] });
  const unitGiven = currencyOfAsset(direction.assetFrom) === direction.positioning.unit;
  const competitors = codes ? competitorsOf(archive, codes, unitGiven, ownId) : null;
  if (!competitors) return { ...NOTHING, problem: 'unlisted' };
  const better = unitGiven ? 'higher' : 'lower';
  const result = positionedRate(
    competitors.map((competitor) => competitor.figure),
    direction.positioning,
    better,
  );
  const ranksAbove = (competitor: Competitor) =>
    unitGiven ? compare(competitor.figure, result.rate) > 0 : compare(competitor.figure, result.rate) < 0;
  const above = competitors.filter(ranksAbove);
  const below = competitors.filter((competitor) => !ranksAbove(competitor));
  const shown = ({ exchanger, figure }: Competitor) => ({ exchanger, figure: decimalText(figure) });
  return {
    ...NOTHING,
    figure: decimalText(result.rate),
    place: result.place,
    wanted: result.heldBy ? decimalText(result.wanted) : null,
    heldBy: result.heldBy,
    competitors: competitors.length,
    above: above.slice(-NEIGHBOURS).map(shown),
    below: below.slice(0, NEIGHBOURS).map(shown),
  };
}

const keyOf = (direction: { assetFrom: string; assetTo: string }) =>
  `${direction.assetFrom}>${direction.assetTo}`;

/**
 * Whether a position holds where the stored one did: the same figure, place, bound and problem.
 * The neighbours and the wanted figure move with every competitor's change, so they are written
 * only with such a change or a confirmation, not on every run.
 */
const sameOutcome = (stored: Position, next: Position) =>
  (['problem', 'detail', 'figure', 'place', 'heldBy'] as const).every(
    (field) => stored[field] === next[field],
  );

const isDue = (stored: PositionRecord, now: Date) =>
  now.getTime() - Date.parse(stored.checkedAt) >= POSITION_CONFIRM_MINUTES * 60_000;

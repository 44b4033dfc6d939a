import {
  add,
  compare,
  type Decimal,
  type DecimalLike,
  decimal,
  decimalPlaces,
  rounded,
  subtract,
} from '@shared/money';

/**
 * Where staff want a direction on the monitor (issue 41 item 4, docs/product.md §10): a place (1 is
 * the top), the figures it may not go past (the floor is the lower, the ceiling the higher) and the
 * step by which it beats the exchanger it takes the place of. A figure is what 1 of the unit side
 * is worth in the other; which way is better for the client depends on the direction (`better`).
 */
export interface Positioning {
  place: number;
  floor: DecimalLike;
  ceiling: DecimalLike;
  step: DecimalLike;
}

/**
 * Which figure the monitor ranks first: `higher` where the client gives the unit side (more of the
 * other for one), `lower` where the client receives it (less of the other for one).
 */
export type Better = 'higher' | 'lower';

export interface PositionedRate {
  rate: Decimal;
  /** The place the rate takes among the competitors' (1 + how many list a better one). */
  place: number;
  /** The figure the place needed, before the floor and the ceiling. */
  wanted: Decimal;
  /** The bound that held the rate, when the place would need a figure past it. */
  heldBy: 'floor' | 'ceiling' | null;
}

/**
 * The figure that holds `positioning.place` among `competitors` (their figures, the best first, the
 * exchange's own left out): one step better than the exchanger now at that place, cut to the step's
 * decimals towards the exchange (still better than that exchanger), never better than the one
 * before it (a tie, ranked as the monitor ranks ties, rather than the place above), within the
 * floor and the ceiling. With fewer competitors than the place, the bound that is worst for the
 * client: any figure holds the place then, and that one earns the most.
 */
export function positionedRate(
  competitors: readonly Decimal[],
  positioning: Positioning,
  better: Better = 'higher',
): PositionedRate {
  const { place } = positioning;
  const floor = decimal(positioning.floor);
  const ceiling = decimal(positioning.ceiling);
  const step = decimal(positioning.step);
  const higher = better === 'higher';
  let wanted = higher ? floor : ceiling;
  const beaten = competitors[place - 1];
  if (beaten) {
    wanted = rounded(
      higher ? add(beaten, step) : subtract(beaten, step),
      decimalPlaces(step),
      higher ? 'down' : 'up',
    );
    const ahead = competitors[place - 2];
    if (ahead && beats(wanted, ahead, better)) wanted = ahead;
  }
  const heldBy = compare(wanted, floor) < 0 ? 'floor' : compare(wanted, ceiling) > 0 ? 'ceiling' : null;
  const rate = heldBy === 'floor' ? floor : heldBy === 'ceiling' ? ceiling : wanted;
  return { rate, place: placeOf(rate, competitors, better), wanted, heldBy };
}

/** Whether figure `a` ranks above `b` on the monitor. */
const beats = (a: DecimalLike, b: DecimalLike, better: Better) =>
  better === 'higher' ? compare(a, b) > 0 : compare(a, b) < 0;

/** The place a figure takes: 1 + the competitors listing a better one (ties ranked after us). */
export function placeOf(
  rate: DecimalLike,
  competitors: readonly Decimal[],
  better: Better = 'higher',
): number {
  return 1 + competitors.filter((other) => beats(other, rate, better)).length;
}

/**
 * A position older than this is not used: the direction prices from its own source until the rates
 * job (every minute, an unchanged position written again every 5) reads the archive again.
 */
export const POSITION_FRESH_MINUTES = 10;

/**
 * The figure a positioned direction is priced at now: the rates job's last one, within the
 * direction's floor and ceiling as they are now (staff may have moved them since); null when the
 * direction holds no place, or its position is missing, failed or older than POSITION_FRESH_MINUTES.
 */
export function positionedFigure(
  positioning: Positioning | null | undefined,
  position: { checkedAt: string; figure: string | null } | undefined,
  now: Date,
): Decimal | null {
  if (!positioning || !position?.figure) return null;
  if (now.getTime() - Date.parse(position.checkedAt) > POSITION_FRESH_MINUTES * 60_000) return null;
  const figure = decimal(position.figure);
  if (compare(figure, positioning.floor) < 0) return decimal(positioning.floor);
  if (compare(figure, positioning.ceiling) > 0) return decimal(positioning.ceiling);
  return figure;
}

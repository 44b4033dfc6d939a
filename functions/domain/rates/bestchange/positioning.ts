import { add, compare, type Decimal, type DecimalLike, decimal } from '@shared/money';

/**
 * Where staff want a direction on the monitor (issue 41 item 4): a place (1 is the top), the rates
 * it may not go past (the floor, least generous to the client; the ceiling, most), and the step by
 * which it beats the exchanger it takes the place of. Rates are what one unit given receives, as
 * the monitor ranks them.
 */
export interface Positioning {
  place: number;
  floor: DecimalLike;
  ceiling: DecimalLike;
  step: DecimalLike;
}

export interface PositionedRate {
  rate: Decimal;
  /** The place the rate takes among the competitors' (1 + how many list a better one). */
  place: number;
  /** The bound that held the rate, when the place would need a rate past it. */
  heldBy: 'floor' | 'ceiling' | null;
}

/**
 * The rate that holds `positioning.place` among `competitors` (their rates, the best first, the
 * exchange's own left out): one step better than the exchanger now at that place, never better
 * than the one before it (a tie, ranked as the monitor ranks ties, rather than the place above),
 * within the floor and the ceiling. With fewer competitors than the place, the floor: any rate
 * holds the place then, and the floor earns the most.
 */
export function positionedRate(competitors: readonly Decimal[], positioning: Positioning): PositionedRate {
  const { place } = positioning;
  const floor = decimal(positioning.floor);
  const ceiling = decimal(positioning.ceiling);
  let wanted = floor;
  const beaten = competitors[place - 1];
  if (beaten) {
    wanted = add(beaten, positioning.step);
    const ahead = competitors[place - 2];
    if (ahead && compare(wanted, ahead) > 0) wanted = ahead;
  }
  const heldBy = compare(wanted, floor) < 0 ? 'floor' : compare(wanted, ceiling) > 0 ? 'ceiling' : null;
  const rate = heldBy === 'floor' ? floor : heldBy === 'ceiling' ? ceiling : wanted;
  return { rate, place: placeOf(rate, competitors), heldBy };
}

/** The place a rate takes: 1 + the competitors listing a better one (ties ranked after us). */
export function placeOf(rate: DecimalLike, competitors: readonly Decimal[]): number {
  return 1 + competitors.filter((other) => compare(other, rate) > 0).length;
}

import { placeOf, positionedFigure, positionedRate } from '@functions/domain/rates/bestchange/positioning';
import { decimal, decimalText } from '@shared/money';
import { describe, expect, it } from 'vitest';

const rates = (...values: string[]) => values.map((value) => decimal(value));
const BOUNDS = { floor: '90', ceiling: '100', step: '0.01' };

describe('positionedRate', () => {
  it('ties the exchanger ahead rather than pass it when the gap is under a step', () => {
    const result = positionedRate(rates('96', '95.995', '95'), { place: 2, ...BOUNDS });
    expect(decimalText(result.rate)).toBe('96');
    expect(result.place).toBe(1);
  });

  it('computes exactly, with no float artefact', () => {
    const result = positionedRate(rates('0.2', '0.1'), { place: 2, floor: '0', ceiling: '1', step: '0.1' });
    // 0.1 + 0.1 is 0.2 exactly, a tie with the one ahead (0.30000000000000004 would pass it).
    expect(decimalText(result.rate)).toBe('0.2');
  });
});

describe('positionedRate where the client gives fiat (the lowest price of 1 USDT ranks first)', () => {
  it('undercuts the exchanger at the place by a step and never the one ahead', () => {
    const competitors = rates('97.3', '97.8', '98.4');
    const second = positionedRate(competitors, { place: 2, ...BOUNDS }, 'lower');
    expect({ ...second, rate: decimalText(second.rate), wanted: decimalText(second.wanted) }).toEqual({
      rate: '97.79',
      wanted: '97.79',
      place: 2,
      heldBy: null,
    });
    // First place would need 97.29, under a floor of 97.5: the floor, second.
    const floored = positionedRate(competitors, { place: 1, ...BOUNDS, floor: '97.5' }, 'lower');
    expect([decimalText(floored.rate), floored.place, floored.heldBy]).toEqual(['97.5', 2, 'floor']);
    // Fewer exchangers than the place: the ceiling, the dearest for the client.
    expect(decimalText(positionedRate(competitors, { place: 5, ...BOUNDS }, 'lower').rate)).toBe('100');
  });

  it("cuts to the step's decimals towards the exchange, still ahead of the exchanger it beats", () => {
    // 98.0392156862745 (a line of 1 RUB → 0.0102 USDT) less 0.01, rounded up to 98.03.
    const result = positionedRate(rates('97', '98.0392156862745'), { place: 2, ...BOUNDS }, 'lower');
    expect(decimalText(result.rate)).toBe('98.03');
    expect(result.place).toBe(2);
    const higher = positionedRate(rates('96.2', '95.9047'), { place: 2, ...BOUNDS }, 'higher');
    expect(decimalText(higher.rate)).toBe('95.91');
  });
});

describe('positionedFigure', () => {
  const positioning = { place: 3, floor: '94', ceiling: '98', step: '0.01' };
  const now = new Date('2030-01-01T12:00:00.000Z');
  const checked = (minutesAgo: number, figure: string | null) => ({
    checkedAt: new Date(now.getTime() - minutesAgo * 60_000).toISOString(),
    figure,
  });

  it("is the job's figure while fresh, within the bounds as they are now", () => {
    expect(decimalText(positionedFigure(positioning, checked(9, '95.51'), now)!)).toBe('95.51');
    // Staff raised the floor after the job's run: the floor until the next run.
    expect(decimalText(positionedFigure({ ...positioning, floor: '96' }, checked(1, '95.51'), now)!)).toBe(
      '96',
    );
    expect(decimalText(positionedFigure({ ...positioning, ceiling: '95' }, checked(1, '95.51'), now)!)).toBe(
      '95',
    );
  });

  it('is none without a place, a position, a figure, or after ten minutes', () => {
    expect(positionedFigure(null, checked(1, '95.51'), now)).toBeNull();
    expect(positionedFigure(positioning, undefined, now)).toBeNull();
    expect(positionedFigure(positioning, checked(1, null), now)).toBeNull();
    expect(positionedFigure(positioning, checked(11, '95.51'), now)).toBeNull();
  });
});

describe('placeOf', () => {
  it('counts the competitors listing a better rate; equal ones rank after', () => {
    expect(placeOf('95.5', rates('96.2', '95.9', '95.5', '95.1'))).toBe(3);
    expect(placeOf('97', rates('96.2'))).toBe(1);
    expect(placeOf('1', [])).toBe(1);
    expect(placeOf('97.5', rates('97.3', '97.8'), 'lower')).toBe(2);
  });
});

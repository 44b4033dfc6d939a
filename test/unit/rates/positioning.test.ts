import { placeOf, positionedRate } from '@functions/domain/rates/bestchange/positioning';
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

describe('placeOf', () => {
  it('counts the competitors listing a better rate; equal ones rank after', () => {
    expect(placeOf('95.5', rates('96.2', '95.9', '95.5', '95.1'))).toBe(3);
    expect(placeOf('97', rates('96.2'))).toBe(1);
    expect(placeOf('1', [])).toBe(1);
  });
});

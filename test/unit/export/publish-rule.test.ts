import { checkPublishable, ReserveNotSetByStaff } from '@functions/domain/export/publish-rule';
import { describe, expect, it } from 'vitest';

const direction = { assetFrom: 'cash-RUB', assetTo: 'usdt-trc20' };
const reserves = (entries: Record<string, string | null>) =>
  new Map(Object.entries(entries).map(([code, updatedBy]) => [code, { updatedBy }]));

describe('checkPublishable', () => {
  it('allows a direction whose two reserves staff set', () => {
    expect(() => checkPublishable(direction, reserves({ RUB: 'admin-1', USDT: 'admin-2' }))).not.toThrow();
  });

  it("refuses while a side's reserve is the seed's (no staff writer), naming that currency", () => {
    const refuse = () => checkPublishable(direction, reserves({ RUB: null, USDT: 'admin-2' }));
    expect(refuse).toThrow(ReserveNotSetByStaff);
    try {
      refuse();
    } catch (error) {
      expect((error as ReserveNotSetByStaff).params).toEqual({
        assetFrom: 'cash-RUB',
        assetTo: 'usdt-trc20',
        currencies: 'RUB',
      });
    }
  });

  it('refuses a currency that keeps no reserve at all', () => {
    expect(() => checkPublishable(direction, reserves({ RUB: 'admin-1' }))).toThrow(/USDT/);
  });
});

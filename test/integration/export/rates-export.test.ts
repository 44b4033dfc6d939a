import type { WeekHours } from '@shared/working-hours';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from '../../support/refusals';
import { createIsolatedTable } from '../applications/isolated-table';
import { parseRatesXml } from './rates-xml-reader';

/**
 * What the monitors' file leaves out, on a table of this file's own: it sets the export token,
 * closes a city, pauses a direction, empties a reserve and switches maintenance on, each of which
 * would change the other files' answers on the shared table. Functions modules are imported after
 * the table exists.
 */
let drop: () => Promise<void>;
let m: Awaited<ReturnType<typeof modules>>;

const modules = async () => ({
  file: await import('@functions/domain/export/rates-export'),
  hours: await import('@functions/domain/geo/working-hours'),
  rates: await import('@functions/domain/rates/rates'),
  reserves: await import('@functions/domain/reserves/reserves'),
  settings: await import('@functions/domain/settings/settings'),
  tree: await import('@functions/domain/geo/read-tree'),
  seed: await import('@functions/seed/rates-data'),
});

const admin = { id: 'export-test-admin', role: 'ADMIN' as const };
/** The export token is a SUPER_ADMIN's setting. */
const superAdmin = { id: 'export-test-super-admin', role: 'SUPER_ADMIN' as const };
const CLOSED: WeekHours = { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null };
const items = async (request: { token?: string } = {}) =>
  parseRatesXml((await m.file.monitorsRatesFile(request)).document);
const pairs = (list: Awaited<ReturnType<typeof items>>) =>
  list.map((item) => `${item.from}>${item.to}${item.city ? `@${item.city}` : ''}`);

beforeAll(async () => {
  drop = await createIsolatedTable('export');
  m = await modules();
});

afterAll(async () => {
  await drop();
});

describe('the monitors file on a seeded exchange', () => {
  it('offers card directions once and cash directions in each city whose country has the currency', async () => {
    const list = pairs(await items());

    expect(list).toContain('CARDEUR>USDTTRC20');
    expect(list).toContain('USDTTRC20>CARDRUB');
    expect(list).toContain('CASHUSD>USDTTRC20@MSK');
    expect(list).toContain('USDTTRC20>CASHEUR@BERLIN');
    // The tenge is offered in Kazakhstan only.
    const tree = await m.tree.readGeoTree({ activeOnly: true });
    const kazakh = tree
      .flatMap((continent) => continent.countries)
      .find((country) => country.localCurrency === 'KZT')!
      .cities.map((city) => city.code);
    const tengeCities = list.filter((pair) => pair.startsWith('CASHKZT>')).map((pair) => pair.split('@')[1]);
    expect(tengeCities.length).toBeGreaterThan(0);
    expect(tengeCities.every((code) => kazakh.includes(code!))).toBe(true);
    expect(list).not.toContain('CASHKZT>USDTTRC20@BERLIN');
  });

  it('is the same file, with the same ETag, until something behind it changes', async () => {
    const first = await m.file.monitorsRatesFile({});
    const second = await m.file.monitorsRatesFile({ ifNoneMatch: first.etag });

    expect(second.etag).toBe(first.etag);
    expect(second.unchanged).toBe(true);
  });
});

describe('what the file leaves out', () => {
  it("leaves out a closed city's cash directions and keeps its card ones", async () => {
    const berlin = 'europe.germany.berlin';
    await m.hours.putCityHours(berlin, { timeZone: 'Europe/Berlin', week: CLOSED, code: 'BERLIN' }, admin);

    const list = pairs(await items());

    expect(list.filter((pair) => pair.endsWith('@BERLIN'))).toEqual([]);
    expect(list).toContain('USDTTRC20>CASHEUR@MUNICH');
    expect(list).toContain('CARDEUR>USDTTRC20');
  });

  it('leaves out a paused direction, everywhere', async () => {
    const [direction] = (await m.rates.allRates()).directions.filter(
      (d) => d.assetFrom === 'cash-USD' && d.assetTo === 'usdt-trc20',
    );
    const { assetFrom, assetTo, markupPercent, minAmount, maxAmount, isActive } = direction!;
    // A guard below the current rate pauses it (out of guard).
    await m.rates.putRates(
      {
        currencies: [],
        directions: [{ assetFrom, assetTo, markupPercent, minAmount, maxAmount, isActive, maxRate: 0.5 }],
      },
      admin,
    );

    expect(pairs(await items()).filter((pair) => pair.startsWith('CASHUSD>USDTTRC20'))).toEqual([]);
  });

  it('leaves out what pays a currency whose reserve is empty, and states the reserve of the others', async () => {
    await m.reserves.putReserves({ reserves: [{ code: 'RUB', amount: 0, alertLevel: 0 }] }, admin);

    const list = await items();

    expect(list.filter((item) => item.to.endsWith('RUB'))).toEqual([]);
    expect(list.filter((item) => item.from.endsWith('RUB')).length).toBeGreaterThan(0);
    const usdt = list.find((item) => item.to === 'USDTTRC20')!;
    expect(usdt.amount).toBe(m.seed.seedReserve('USDT').amount);
  });

  it('keeps the file to the monitors holding the token once one is set', async () => {
    await m.settings.putSetting('ratesExportToken', { value: 'monitors-token-0123456789' }, superAdmin);

    const refused = await refusal(m.file.monitorsRatesFile({ token: 'monitors-token-wrong-0000' }));
    expect(refused.status).toBe(403);
    expect((await refusal(m.file.monitorsRatesFile({}))).status).toBe(403);
    expect((await items({ token: 'monitors-token-0123456789' })).length).toBeGreaterThan(0);

    await m.settings.putSetting('ratesExportToken', { value: '' }, superAdmin);
    expect((await items()).length).toBeGreaterThan(0);
  });

  it('withholds the token from an ADMIN reading the settings, and shows it to a SUPER_ADMIN', async () => {
    await m.settings.putSetting('ratesExportToken', { value: 'monitors-token-0123456789' }, superAdmin);
    try {
      const listed = await m.settings.listAllSettings('ADMIN');
      const alone = await m.settings.getSetting('ratesExportToken', 'ADMIN');
      const shown = await m.settings.getSetting('ratesExportToken', 'SUPER_ADMIN');

      expect(listed.find((setting) => setting.key === 'ratesExportToken')).toMatchObject({
        value: '',
        redacted: true,
      });
      expect(alone).toMatchObject({ value: '', redacted: true });
      expect(JSON.stringify(listed)).not.toContain('monitors-token-0123456789');
      expect(shown).toMatchObject({ value: 'monitors-token-0123456789' });
      expect(shown).not.toHaveProperty('redacted');
    } finally {
      await m.settings.putSetting('ratesExportToken', { value: '' }, superAdmin);
    }
  });

  it('is empty in maintenance', async () => {
    await m.hours.putMaintenance({ active: true, message: { ru: '', en: '' } }, admin);

    expect(await items()).toEqual([]);
  });
});

import { exactText } from '@functions/domain/export/rates-xml';
import { putRatesBodySchema } from '@shared/contract/rates';
import { divide, multiply } from '@shared/money';
import type { SbpBankId } from '@shared/sbp-banks';
import { AROUND_THE_CLOCK, type WeekHours } from '@shared/working-hours';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from '../../support/refusals';
import { createIsolatedTable } from '../applications/isolated-table';
import { parseRatesXml } from './rates-xml-reader';

/**
 * The monitors' file on a freshly seeded table of this file's own: nothing is
 * published until staff set the reserves and switch directions on; the item's fields and exact
 * figures; a bank's own code; countries switched off; and what the file leaves out. The tests run
 * in order, each building on the last (they publish, close cities, switch countries off, set the
 * token and maintenance), which would change other files' answers on the shared table. Functions
 * modules are imported after the table exists.
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
  geoData: await import('@functions/data/geo'),
  transactions: await import('@functions/data/transactions'),
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

type Items = Awaited<ReturnType<typeof items>>;
const find = (list: Items, from: string, to: string, city?: string) =>
  list.find((item) => item.from === from && item.to === to && item.city === city);

/** Staff's change of a direction's publish switch (or code), keeping its other terms. */
async function publish(
  assetFrom: string,
  assetTo: string,
  change: {
    publishToMonitors?: boolean;
    monitorCode?: string | null;
    maxAmount?: number | null;
    cardVerification?: 'never' | 'always' | 'above';
    cardVerificationAbove?: number | null;
    sbpBanks?: SbpBankId[];
  } = {},
) {
  const direction = (await m.rates.allRates()).directions.find(
    (d) => d.assetFrom === assetFrom && d.assetTo === assetTo,
  )!;
  const { markupPercent, minAmount, maxAmount, isActive } = direction;
  return m.rates.putRates(
    {
      currencies: [],
      directions: [
        {
          assetFrom,
          assetTo,
          markupPercent,
          minAmount,
          maxAmount,
          isActive,
          publishToMonitors: true,
          ...change,
        },
      ],
    },
    admin,
  );
}

/**
 * Switches a location and everything under it off, as geo management's toggle does (through the
 * data layer, so this file does not depend on the toggle's request shape).
 */
async function switchOff(locationKey: string) {
  const nodes = await m.geoData.listGeoNodes(locationKey.split('.')[0]);
  const under = nodes.filter(
    (node) => node.isActive && (node.key === locationKey || node.key.startsWith(`${locationKey}.`)),
  );
  for (let start = 0; start < under.length; start += 25) {
    await m.transactions.transactWrite(
      under.slice(start, start + 25).map((node) => m.geoData.geoActiveUpdate(node.key, true, false)),
    );
  }
}

/** The reserves as staff count them (the seed's placeholders replaced). */
const STAFF_RESERVES = [
  { code: 'USDT', amount: 400_000.5, alertLevel: 1000 },
  { code: 'RUB', amount: 12_345_678.9, alertLevel: 1000 },
  { code: 'KZT', amount: 90_000_000, alertLevel: 1000 },
];

describe('a fresh install', () => {
  it('publishes nothing: every seeded direction is off for the monitors', async () => {
    const { directions } = await m.rates.allRates();

    expect(directions.length).toBeGreaterThan(100);
    expect(directions.filter((direction) => direction.publishToMonitors)).toEqual([]);
    expect(await items()).toEqual([]);
  });

  it('refuses to publish a direction while a side still has the seed reserve', async () => {
    const refused = await refusal(publish('card-RUB', 'usdt-trc20'));

    expect(refused).toMatchObject({
      status: 409,
      code: 'ReserveNotSetByStaff',
      params: { assetFrom: 'card-RUB', assetTo: 'usdt-trc20', currencies: 'RUB, USDT' },
    });
    expect((await m.rates.allRates()).directions.some((d) => d.publishToMonitors)).toBe(false);

    // One side set by staff is not enough.
    await m.reserves.putReserves({ reserves: [STAFF_RESERVES[0]!] }, admin);
    expect(await refusal(publish('card-RUB', 'usdt-trc20'))).toMatchObject({
      code: 'ReserveNotSetByStaff',
      params: { currencies: 'RUB' },
    });
  });

  it('counts a seeded reserve staff saved unchanged as set by staff, and writes nothing the next time', async () => {
    const { listReserves } = await import('@functions/domain/reserves/views');
    const seeded = (await listReserves()).reserves.find((reserve) => reserve.code === 'TRY')!;
    expect(seeded.updatedBy).toBeNull();
    const unchanged = { code: 'TRY', amount: seeded.amount, alertLevel: seeded.alertLevel };

    const confirmed = await m.reserves.putReserves({ reserves: [unchanged] }, admin);
    expect(confirmed.changed).toBe(1);
    expect(confirmed.reserves.find((reserve) => reserve.code === 'TRY')).toMatchObject({
      amount: seeded.amount,
      updatedBy: admin.id,
    });
    expect((await m.reserves.putReserves({ reserves: [unchanged] }, admin)).changed).toBe(0);
  });

  it('publishes once staff set both reserves, and lists only what is published', async () => {
    await m.reserves.putReserves({ reserves: STAFF_RESERVES.slice(1) }, admin);

    await publish('card-RUB', 'usdt-trc20');
    await publish('usdt-trc20', 'card-RUB');
    await publish('cash-RUB', 'usdt-trc20');

    expect(pairs(await items())).toEqual([
      'CARDRUB>USDTTRC20',
      'CASHRUB>USDTTRC20@MSK',
      'CASHRUB>USDTTRC20@SPB',
      'USDTTRC20>CARDRUB',
    ]);
  });
});

describe('an item of the file', () => {
  it("carries BestChange's current fields with exact figures", async () => {
    // A direction maximum of 30,000 USDT used to come out as 29999.999977 (through the receive side).
    await publish('usdt-trc20', 'card-RUB', { maxAmount: 30_000 });
    const document = (await m.file.monitorsRatesFile({})).document;
    const line = document
      .split('\n')
      .find((text) => text.includes('<from>USDTTRC20</from><to>CARDRUB</to>'))!;
    const direction = (await m.rates.allRates()).directions.find(
      (d) => d.assetFrom === 'usdt-trc20' && d.assetTo === 'card-RUB',
    )!;
    const rate = direction.rate!;
    const fromMin = direction.quoteLimits!.minAmount;

    expect([...line.matchAll(/<(\w+)>/g)].map(([, name]) => name)).toEqual([
      'item',
      'from',
      'to',
      'in',
      'out',
      'amount',
      'minamount',
      'maxamount',
      'frommin',
      'frommax',
      'tomin',
      'tomax',
    ]);
    expect(line).toContain(`<in>1</in><out>${exactText(rate, 8, 'down')}</out>`);
    expect(line).toContain('<amount>12345678.9</amount>');
    expect(line).toContain(
      `<minamount>${exactText(fromMin, 2, 'up')}</minamount><maxamount>30000</maxamount>`,
    );
    expect(line).toContain(`<frommin>${exactText(fromMin, 2, 'up')}</frommin><frommax>30000</frommax>`);
    expect(line).toContain(`<tomin>${exactText(multiply(fromMin, rate), 2, 'up')}</tomin>`);
    expect(line).toContain(`<tomax>${exactText(multiply(30_000, rate), 2, 'down')}</tomax>`);
    expect(line).not.toContain('<city>');
  });

  it('marks manual the directions whose cash or card payment staff confirm, and not USDT given', async () => {
    const list = await items();

    expect(find(list, 'CARDRUB', 'USDTTRC20')!.param).toBe('manual');
    expect(find(list, 'USDTTRC20', 'CARDRUB')!.param).toBeUndefined();
  });

  it('marks verifying a direction where every client pays from a verified card, not one above an amount', async () => {
    await publish('card-RUB', 'usdt-trc20', { cardVerification: 'always' });
    expect(find(await items(), 'CARDRUB', 'USDTTRC20')!.param).toBe('manual,verifying');
    await publish('card-RUB', 'usdt-trc20', { cardVerification: 'above', cardVerificationAbove: 50_000 });
    expect(find(await items(), 'CARDRUB', 'USDTTRC20')!.param).toBe('manual');
    await publish('card-RUB', 'usdt-trc20', { cardVerification: 'never' });
  });

  it('states the reserve as the limit when it pays for less than the maximum, in both currencies', async () => {
    const list = await items();
    const card = find(list, 'CARDRUB', 'USDTTRC20')!;
    const direction = (await m.rates.allRates()).directions.find(
      (d) => d.assetFrom === 'card-RUB' && d.assetTo === 'usdt-trc20',
    )!;

    // 400,000.5 USDT at about 0.0104 USDT per RUB: the reserve binds, not the (absent) maximum.
    expect(card.amount).toBe(400_000.5);
    expect(card.maxamount).toBe(Number(exactText(divide(400_000.5, direction.rate!, 2, 'down'), 2, 'down')));
    expect(card.tomax).toBeLessThanOrEqual(400_000.5);
  });

  it("names a bank's card by the direction's own code, and drops it again", async () => {
    await publish('card-RUB', 'usdt-trc20', { monitorCode: 'SBERRUB' });
    expect(find(await items(), 'SBERRUB', 'USDTTRC20')).toBeDefined();
    expect(find(await items(), 'CARDRUB', 'USDTTRC20')).toBeUndefined();
    // The other direction of the pair keeps the asset's code.
    expect(find(await items(), 'USDTTRC20', 'CARDRUB')).toBeDefined();

    await publish('card-RUB', 'usdt-trc20', { monitorCode: null });
    expect(find(await items(), 'CARDRUB', 'USDTTRC20')).toBeDefined();
  });

  it('lists a direction paying to SBP banks under SBPRUB too, beside its card code, as the same offer', async () => {
    await publish('usdt-trc20', 'card-RUB', { sbpBanks: ['sberbank', 'tbank'] });
    const list = await items();
    expect(find(list, 'USDTTRC20', 'SBPRUB')).toEqual({
      ...find(list, 'USDTTRC20', 'CARDRUB')!,
      to: 'SBPRUB',
    });

    // A bank's own code names the card's line; SBP keeps its own.
    await publish('usdt-trc20', 'card-RUB', { monitorCode: 'SBERRUB' });
    const coded = await items();
    expect(find(coded, 'USDTTRC20', 'SBERRUB')).toBeDefined();
    expect(find(coded, 'USDTTRC20', 'SBPRUB')).toBeDefined();
    expect(find(coded, 'USDTTRC20', 'CARDRUB')).toBeUndefined();

    await publish('usdt-trc20', 'card-RUB', { monitorCode: null, sbpBanks: [] });
    expect(find(await items(), 'USDTTRC20', 'SBPRUB')).toBeUndefined();
    expect(find(await items(), 'USDTTRC20', 'CARDRUB')).toBeDefined();
  });

  it('keeps a code the monitors cannot read out of the contract', () => {
    const body = (monitorCode: string) => ({
      directions: [{ assetFrom: 'card-RUB', assetTo: 'usdt-trc20', markupPercent: 1, monitorCode }],
    });
    const parsed = putRatesBodySchema.safeParse(body('sber rub'));

    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({ message: 'monitorCode' });
    expect(putRatesBodySchema.safeParse(body('TCSBRUB')).success).toBe(true);
  });
});

describe('a country switched off', () => {
  it('takes its card directions out of the file, and leaves the others', async () => {
    await publish('card-KZT', 'usdt-trc20');
    expect(find(await items(), 'CARDKZT', 'USDTTRC20')).toBeDefined();

    await switchOff('cis.kazakhstan');

    const list = await items();
    expect(find(list, 'CARDKZT', 'USDTTRC20')).toBeUndefined();
    expect(find(list, 'CARDRUB', 'USDTTRC20')).toBeDefined();
  });

  it('with Russia alone on, lists card directions of only the currencies Russia offers', async () => {
    await m.reserves.putReserves({ reserves: [{ code: 'TRY', amount: 3_000_000, alertLevel: 0 }] }, admin);
    await publish('usdt-trc20', 'card-TRY');
    expect(find(await items(), 'USDTTRC20', 'CARDTRY')).toBeDefined();

    const tree = await m.tree.readGeoTree({ activeOnly: false });
    for (const continent of tree) {
      if (continent.key !== 'cis') await switchOff(continent.key);
    }
    for (const country of tree.find((continent) => continent.key === 'cis')!.countries) {
      if (country.key !== 'cis.russia') await switchOff(country.key);
    }

    const cards = (await items()).filter(
      (item) => item.from.startsWith('CARD') || item.to.startsWith('CARD'),
    );
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((item) => /(RUB|USD|EUR|USDTTRC20)$/.test(item.from + item.to))).toBe(true);
  });
});

describe('what the file leaves out', () => {
  it("leaves out a closed city's cash directions and keeps its card ones", async () => {
    const moscow = 'cis.russia.moscow';
    await m.hours.putCityHours(moscow, { timeZone: 'Europe/Moscow', week: CLOSED, code: 'MSK' }, admin);

    const list = pairs(await items());

    expect(list.filter((pair) => pair.endsWith('@MSK'))).toEqual([]);
    expect(list).toContain('CASHRUB>USDTTRC20@SPB');
    expect(list).toContain('CARDRUB>USDTTRC20');
  });

  it("leaves out the cash directions of a city without a monitors' code", async () => {
    const petersburg = 'cis.russia.saint_petersburg';
    await m.hours.putCityHours(
      petersburg,
      { timeZone: 'Europe/Moscow', week: AROUND_THE_CLOCK, code: null },
      admin,
    );

    expect(pairs(await items()).filter((pair) => pair.includes('@'))).toEqual([]);
  });

  it('leaves out a paused direction', async () => {
    const [direction] = (await m.rates.allRates()).directions.filter(
      (d) => d.assetFrom === 'card-RUB' && d.assetTo === 'usdt-trc20',
    );
    const { assetFrom, assetTo, markupPercent, minAmount, maxAmount, isActive } = direction!;
    // A guard below the current rate pauses it (out of guard).
    await m.rates.putRates(
      {
        currencies: [],
        directions: [
          { assetFrom, assetTo, markupPercent, minAmount, maxAmount, isActive, maxRate: 0.000001 },
        ],
      },
      admin,
    );

    expect(find(await items(), 'CARDRUB', 'USDTTRC20')).toBeUndefined();
  });

  it('leaves out what pays a currency whose reserve is empty', async () => {
    expect(find(await items(), 'USDTTRC20', 'CARDRUB')).toBeDefined();
    await m.reserves.putReserves({ reserves: [{ code: 'RUB', amount: 0, alertLevel: 0 }] }, admin);

    expect((await items()).filter((item) => item.to.endsWith('RUB'))).toEqual([]);
  });

  it('keeps the file to the monitors holding the token once one is set', async () => {
    await m.settings.putSetting('ratesExportToken', { value: 'monitors-token-0123456789' }, superAdmin);

    const refused = await refusal(m.file.monitorsRatesFile({ token: 'monitors-token-wrong-0000' }));
    expect(refused.status).toBe(403);
    expect((await refusal(m.file.monitorsRatesFile({}))).status).toBe(403);
    expect((await m.file.monitorsRatesFile({ token: 'monitors-token-0123456789' })).document).toContain(
      '<rates>',
    );

    await m.settings.putSetting('ratesExportToken', { value: '' }, superAdmin);
    expect((await m.file.monitorsRatesFile({})).document).toContain('<rates>');
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
    await m.reserves.putReserves({ reserves: [{ code: 'RUB', amount: 5_000_000, alertLevel: 0 }] }, admin);
    expect((await items()).length).toBeGreaterThan(0);
    await m.hours.putMaintenance({ active: true, message: { ru: '', en: '' } }, admin);

    expect(await items()).toEqual([]);
  });
});

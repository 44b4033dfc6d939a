import type { WeekHours } from '@shared/working-hours';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from '../../support/refusals';
import { createIsolatedTable, putUser } from '../applications/isolated-table';

/**
 * The working-hours rules at chosen instants, on a table of this file's own: it closes the card
 * schedule and switches maintenance on, which would refuse the other files' applications on the
 * shared table. Functions modules are imported after the table exists; every call is given `now`.
 */
let drop: () => Promise<void>;
let m: Awaited<ReturnType<typeof modules>>;

const modules = async () => ({
  hours: await import('@functions/domain/geo/working-hours'),
  calculate: await import('@functions/domain/rates/calculate'),
  create: await import('@functions/domain/applications/create'),
  tree: await import('@functions/domain/geo/read-tree'),
  audit: await import('@functions/data/audit'),
});

const admin = { id: 'hours-test-admin', role: 'ADMIN' as const };
const CLOSED: WeekHours = { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null };
const EVERY_DAY = (open: string, close: string): WeekHours =>
  Object.fromEntries(Object.keys(CLOSED).map((day) => [day, { open, close }])) as WeekHours;
const BERLIN = { continent: 'europe', country: 'europe.germany', city: 'europe.germany.berlin' };
const application = (overrides: Record<string, unknown>) => ({
  requestType: 'STANDARD' as const,
  ...BERLIN,
  assetFrom: 'cash-EUR',
  assetTo: 'usdt-trc20',
  amount: 500,
  contactTelegram: '@exchange_tester',
  amlAcknowledged: true as const,
  originFunds: 'N/A',
  ...overrides,
});
const individual = {
  requestType: 'INDIVIDUAL' as const,
  details: 'Cash in Berlin',
  contactTelegram: '@exchange_tester',
  amlAcknowledged: true as const,
};

beforeAll(async () => {
  drop = await createIsolatedTable('hours');
  m = await modules();
});

afterAll(async () => {
  await drop();
});

const submit = async (body: Parameters<typeof m.create.createApplication>[1], now: Date) =>
  m.create.createApplication((await putUser()).id, body, undefined, now);

describe('cash hours of a city', () => {
  it('keeps a night open past midnight and refuses after it, naming the next night', async () => {
    await m.hours.putCityHours(
      BERLIN.city,
      { timeZone: 'Europe/Berlin', week: { ...CLOSED, fri: { open: '20:00', close: '02:00' } }, code: 'BER' },
      admin,
    );
    // Saturday 7 March 2026, 01:00 in Berlin (UTC+1): still Friday's night.
    const saturdayNight = new Date('2026-03-07T00:00:00Z');
    await expect(submit(application({}), saturdayNight)).resolves.toMatchObject({ replayed: false });
    // 03:00: closed until next Friday 20:00.
    const refused = await refusal(submit(application({}), new Date('2026-03-07T02:00:00Z')));
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual([
      expect.objectContaining({
        path: 'city',
        msg: 'Cash exchange in this city is closed now. It opens at 2026-03-13 20:00 (Europe/Berlin).',
      }),
    ]);
  });

  it('names the opening in local time across the change of the clocks', async () => {
    await m.hours.putCityHours(
      BERLIN.city,
      { timeZone: 'Europe/Berlin', week: { ...CLOSED, sun: { open: '09:00', close: '18:00' } }, code: 'BER' },
      admin,
    );
    // Saturday 28 March 2026, 21:00 in Berlin (UTC+1); Sunday 09:00 is already summer time (UTC+2).
    const saturdayEvening = new Date('2026-03-28T20:00:00Z');
    const refused = await refusal(
      m.calculate.calculateQuote(
        { assetFrom: 'usdt-trc20', assetTo: 'cash-EUR', amount: 500, city: BERLIN.city },
        saturdayEvening,
      ),
    );
    expect(refused).toMatchObject({
      status: 422,
      message: 'Cash exchange in this city is closed now. It opens at 2026-03-29 09:00 (Europe/Berlin).',
    });
    const tree = await m.tree.readGeoTree({ activeOnly: true }, saturdayEvening);
    const berlin = tree[0]!.countries
      .flatMap((country) => country.cities)
      .find((city) => city.key === BERLIN.city)!;
    expect(berlin.hours).toMatchObject({ openNow: false, opensAt: '2026-03-29T07:00:00.000Z' });
    await expect(
      m.calculate.calculateQuote(
        { assetFrom: 'usdt-trc20', assetTo: 'cash-EUR', amount: 500, city: BERLIN.city },
        new Date('2026-03-29T07:00:00Z'),
      ),
    ).resolves.toMatchObject({ assetTo: 'cash-EUR' });
  });
});

describe('card hours', () => {
  it('close card directions everywhere, naming the opening, and leave cash to the city', async () => {
    await m.hours.putCityHours(
      BERLIN.city,
      { timeZone: 'Europe/Berlin', week: EVERY_DAY('00:00', '24:00'), code: 'BER' },
      admin,
    );
    await m.hours.putCardHours({ timeZone: 'Europe/Moscow', week: EVERY_DAY('09:00', '21:00') }, admin);
    // 22:00 in Moscow (UTC+3).
    const evening = new Date('2026-03-02T19:00:00Z');
    const message = 'Card exchange is closed now. It opens at 2026-03-03 09:00 (Europe/Moscow).';
    const quote = await refusal(
      m.calculate.calculateQuote({ assetFrom: 'card-EUR', assetTo: 'usdt-trc20', amount: 500 }, evening),
    );
    expect(quote).toMatchObject({ status: 422, message });
    const payOut = await refusal(
      submit(application({ assetFrom: 'usdt-trc20', assetTo: 'card-EUR' }), evening),
    );
    expect(payOut.errors).toEqual([expect.objectContaining({ path: 'assetTo', msg: message })]);
    await expect(submit(application({}), evening)).resolves.toMatchObject({ replayed: false });
    expect((await m.hours.readExchangeStatus(evening)).cardHours).toMatchObject({
      openNow: false,
      opensAt: '2026-03-03T06:00:00.000Z',
    });
    const [entry] = await m.audit.listAuditFor('geo', 'card-hours');
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'geo.cardHours',
      after: { timeZone: 'Europe/Moscow', week: EVERY_DAY('09:00', '21:00') },
    });
    expect(entry!.before).toMatchObject({ timeZone: 'Europe/Moscow', week: EVERY_DAY('00:00', '24:00') });
    const morning = new Date('2026-03-03T06:00:00Z');
    await expect(
      m.calculate.calculateQuote({ assetFrom: 'card-EUR', assetTo: 'usdt-trc20', amount: 500 }, morning),
    ).resolves.toMatchObject({ assetFrom: 'card-EUR' });
  });

  it('say "until further notice" when no day is open', async () => {
    await m.hours.putCardHours({ timeZone: 'UTC', week: CLOSED }, admin);
    const refused = await refusal(
      m.calculate.calculateQuote({ assetFrom: 'card-EUR', assetTo: 'usdt-trc20', amount: 500 }, new Date()),
    );
    expect(refused.message).toBe('Card exchange is closed until further notice.');
    await m.hours.putCardHours({ timeZone: 'UTC', week: EVERY_DAY('00:00', '24:00') }, admin);
  });
});

describe('maintenance', () => {
  it('refuses every quote and application while on, and nothing once off', async () => {
    await m.hours.putCardHours({ timeZone: 'UTC', week: EVERY_DAY('00:00', '24:00') }, admin);
    await m.hours.putMaintenance({ active: true, message: { ru: 'Работы', en: 'Works' } }, admin);
    const now = new Date();
    const expected = {
      status: 409,
      message: 'The exchange is closed for maintenance. Please try again later.',
    };
    expect(
      await refusal(
        m.calculate.calculateQuote({ assetFrom: 'card-EUR', assetTo: 'usdt-trc20', amount: 500 }, now),
      ),
    ).toMatchObject(expected);
    expect(
      await refusal(
        m.calculate.calculateQuote(
          { assetFrom: 'cash-EUR', assetTo: 'usdt-trc20', amount: 500, city: BERLIN.city },
          now,
        ),
      ),
    ).toMatchObject(expected);
    expect(await refusal(submit(application({}), now))).toMatchObject(expected);
    expect(await refusal(submit(individual, now))).toMatchObject(expected);
    expect((await m.hours.readExchangeStatus(now)).maintenance).toEqual({
      active: true,
      message: { ru: 'Работы', en: 'Works' },
    });

    await m.hours.putMaintenance({ active: false, message: { ru: '', en: '' } }, admin);
    const [off, on] = await m.audit.listAuditFor('geo', 'maintenance');
    expect(off).toMatchObject({ actorId: admin.id, action: 'geo.maintenance', after: { active: false } });
    expect(on).toMatchObject({ after: { active: true, message: { ru: 'Работы', en: 'Works' } } });
    await expect(submit(individual, now)).resolves.toMatchObject({ replayed: false });
    await expect(submit(application({ assetFrom: 'card-EUR' }), now)).resolves.toMatchObject({
      replayed: false,
    });
  });
});

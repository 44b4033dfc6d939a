import { listAuditFor } from '@functions/data/audit';
import type { ExchangeStatus } from '@shared/contract/hours';
import type { Quote } from '@shared/contract/rates';
import type { GeoCity, GeoTree } from '@shared/geo';
import { AROUND_THE_CLOCK, type ScheduleView, type WeekHours } from '@shared/working-hours';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import type { TestUser } from '../../support/users';
import { newUser, standardBody, submit } from '../applications/fixtures';

/**
 * Working hours over HTTP on the shared table. Only this file changes city hours, and only Kenya's
 * cities (no other file uses them), restored afterwards; the card hours and maintenance apply to
 * every file, so here they are only refused (closed card hours and maintenance are tested on a
 * table of their own, working-hours-rules.test.ts).
 */
const NAIROBI = 'africa.kenya.nairobi';
const MOMBASA = 'africa.kenya.mombasa';
const inNairobi = { continent: 'africa', country: 'africa.kenya', city: NAIROBI };
const CLOSED: WeekHours = { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null };
const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

let admin: TestUser;
let manager: TestUser;
let client: TestUser;
let seeded: Record<string, { timeZone: string; week: WeekHours; code: string | null }>;

async function cityOf(key: string, token?: string): Promise<GeoCity> {
  const path = token ? '/api/admin/geo' : '/api/geo';
  const tree = (await api<GeoTree>('GET', path, { token })).body.data!;
  return tree
    .flatMap((continent) => continent.countries)
    .flatMap((country) => country.cities)
    .find((city) => city.key === key)!;
}

function putCity(key: string, body: unknown, token = admin.token) {
  return api<{ key: string; code: string | null; hours: ScheduleView }>(
    'PUT',
    `/api/admin/geo/cities/${key}`,
    {
      token,
      body,
    },
  );
}

const status = async () => (await api<ExchangeStatus>('GET', '/api/status')).body.data!;

/**
 * A week open only on the day two days from now in Tokyo (UTC+9, no DST), 10:00–18:00 there; the
 * opening worked out with plain date arithmetic, apart from the code under test.
 */
function closedUntilTheDayAfterTomorrow() {
  const tokyoNow = new Date(Date.now() + 9 * 3_600_000);
  const opening = new Date(
    Date.UTC(tokyoNow.getUTCFullYear(), tokyoNow.getUTCMonth(), tokyoNow.getUTCDate() + 2, 10) -
      9 * 3_600_000,
  );
  const localDay = new Date(opening.getTime() + 9 * 3_600_000);
  const week = { ...CLOSED, [WEEKDAY_KEYS[localDay.getUTCDay()]!]: { open: '10:00', close: '18:00' } };
  const local = `${localDay.toISOString().slice(0, 10)} 10:00`;
  return { week, opensAt: opening.toISOString(), local };
}

beforeAll(async () => {
  [admin, manager, client] = await Promise.all([
    newUser({ role: 'ADMIN' }),
    newUser({ role: 'MANAGER' }),
    newUser(),
  ]);
  seeded = {};
  for (const key of [NAIROBI, MOMBASA]) {
    const city = await cityOf(key, admin.token);
    seeded[key] = { timeZone: city.hours.timeZone, week: city.hours.week, code: city.code };
  }
});

afterAll(async () => {
  for (const [key, body] of Object.entries(seeded)) await putCity(key, body);
});

describe('GET /api/geo and /api/status', () => {
  it('gives every city its code, time zone, week and state, and the seeded cities their own', async () => {
    const tree = (await api<GeoTree>('GET', '/api/geo')).body.data!;
    const cities = tree.flatMap((continent) => continent.countries).flatMap((country) => country.cities);
    expect(cities.length).toBeGreaterThan(100);
    for (const city of cities) {
      expect(city.hours).toEqual(
        expect.objectContaining({ timeZone: expect.any(String), openNow: expect.any(Boolean) }),
      );
    }
    const moscow = cities.find((city) => city.key === 'cis.russia.moscow')!;
    expect(moscow).toMatchObject({ code: 'MSK', hours: { timeZone: 'Europe/Moscow' } });
  });

  it('answers maintenance and the card schedule', async () => {
    const now = await status();
    expect(now.maintenance).toEqual({ active: false, message: { ru: '', en: '' } });
    expect(now.cardHours).toMatchObject({ openNow: true, week: AROUND_THE_CLOCK });
  });
});

describe('a city outside its working hours', () => {
  it('refuses cash quotes and applications with the opening time, and takes card ones', async () => {
    const closed = closedUntilTheDayAfterTomorrow();
    const saved = await putCity(NAIROBI, { timeZone: 'Asia/Tokyo', week: closed.week, code: 'NBO' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      key: NAIROBI,
      code: 'NBO',
      hours: {
        timeZone: 'Asia/Tokyo',
        week: closed.week,
        openNow: false,
        opensAt: closed.opensAt,
        closesAt: null,
      },
    });
    expect((await cityOf(NAIROBI)).hours).toMatchObject({ openNow: false, opensAt: closed.opensAt });

    const message = `Cash exchange in this city is closed now. It opens at ${closed.local} (Asia/Tokyo).`;
    const cashQuote = await api('POST', '/api/rates/calculate', {
      body: { assetFrom: 'cash-USD', assetTo: 'usdt-trc20', amount: 500, city: NAIROBI },
    });
    expect(cashQuote.status).toBe(422);
    expect(cashQuote.body.message).toBe(message);
    const payOut = await api('POST', '/api/rates/calculate', {
      body: { assetFrom: 'usdt-trc20', assetTo: 'cash-USD', amount: 500, city: NAIROBI },
    });
    expect(payOut.status).toBe(422);

    const cashApplication = await submit(client, standardBody({ ...inNairobi, assetFrom: 'cash-USD' }));
    expect(cashApplication.status).toBe(400);
    expect(cashApplication.body.errors).toEqual([expect.objectContaining({ path: 'city', msg: message })]);

    // Card follows the card schedule (open), even in this city; without a city only card hours apply.
    const cardQuote = await api<Quote>('POST', '/api/rates/calculate', {
      body: { assetFrom: 'card-USD', assetTo: 'usdt-trc20', amount: 500, city: NAIROBI },
    });
    expect(cardQuote.status).toBe(200);
    const noCity = await api('POST', '/api/rates/calculate', {
      body: { assetFrom: 'cash-USD', assetTo: 'usdt-trc20', amount: 500 },
    });
    expect(noCity.status).toBe(200);
    expect((await submit(client, standardBody({ ...inNairobi, assetFrom: 'card-USD' }))).status).toBe(201);
  });

  it('takes cash again once open, and says when it closes', async () => {
    const saved = await putCity(NAIROBI, { ...seeded[NAIROBI], week: AROUND_THE_CLOCK });
    expect(saved.body.data!.hours).toMatchObject({ openNow: true, closesAt: null });
    const now = new Date();
    const today = WEEKDAY_KEYS[now.getUTCDay()]!;
    const hour = (offset: number) => `${String((now.getUTCHours() + offset) % 24).padStart(2, '0')}:00`;
    const closing = await putCity(MOMBASA, {
      timeZone: 'UTC',
      week: { ...CLOSED, [today]: { open: hour(0), close: hour(2) } },
      code: seeded[MOMBASA]!.code,
    });
    // From 22:00 UTC on, "two hours later" is after midnight: today's hours run into tomorrow.
    expect(closing.body.data!.hours.openNow).toBe(true);
    expect(closing.body.data!.hours.closesAt).toBe(
      new Date(
        Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), now.getUTCHours() + 2),
      ).toISOString(),
    );
    const cash = await submit(
      client,
      standardBody({ continent: 'africa', country: 'africa.kenya', city: MOMBASA, assetFrom: 'cash-USD' }),
    );
    expect(cash.status).toBe(201);
  });

  it('refuses a quote for a city that does not exist or is not a city', async () => {
    const unknown = await api('POST', '/api/rates/calculate', {
      body: { assetFrom: 'cash-USD', assetTo: 'usdt-trc20', amount: 500, city: 'africa.kenya.atlantis' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      expect.objectContaining({ path: 'city', msg: 'Unknown location.' }),
    ]);
    const country = await api('POST', '/api/rates/calculate', {
      body: { assetFrom: 'cash-USD', assetTo: 'usdt-trc20', amount: 500, city: 'africa.kenya' },
    });
    expect(country.status).toBe(400);
    expect(country.body.errors![0]!.path).toBe('city');
  });
});

describe('PUT /api/admin/geo/cities/{key}', () => {
  it('records who changed what, before and after', async () => {
    await putCity(NAIROBI, { ...seeded[NAIROBI], code: 'NAIROBI2' });
    const [entry] = await listAuditFor('geo', NAIROBI);
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'geo.hours',
      after: { timeZone: seeded[NAIROBI]!.timeZone, week: seeded[NAIROBI]!.week, code: 'NAIROBI2' },
    });
    expect(entry!.before).toMatchObject({ timeZone: expect.any(String), week: expect.any(Object) });
  });

  it('refuses bad hours, zones and codes with field errors', async () => {
    const answer = await putCity(NAIROBI, {
      timeZone: 'Africa/Atlantis',
      week: {
        ...AROUND_THE_CLOCK,
        mon: { open: '10:00', close: '10:00' },
        tue: { open: '25:00', close: '18:00' },
      },
      code: 'nbo',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors!.map((error) => error.path).sort()).toEqual([
      'code',
      'timeZone',
      'week.mon.close',
      'week.tue.open',
    ]);
    const missingDay = await putCity(NAIROBI, {
      timeZone: 'UTC',
      week: { ...AROUND_THE_CLOCK, sun: undefined },
      code: null,
    });
    expect(missingDay.status).toBe(400);
  });

  it('refuses a code another city has', async () => {
    const answer = await putCity(NAIROBI, { ...seeded[NAIROBI], code: 'MSK' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({
        path: 'code',
        msg: 'Another city already has this code (cis.russia.moscow).',
      }),
    ]);
  });

  it('answers 404 for an unknown city and 400 for a key that is not a city', async () => {
    expect((await putCity('africa.kenya.atlantis', seeded[NAIROBI])).status).toBe(404);
    expect((await putCity('africa.kenya', seeded[NAIROBI])).status).toBe(400);
  });

  it('is for ADMIN and up: a MANAGER and a USER get 403, a visitor 401', async () => {
    expect((await putCity(NAIROBI, seeded[NAIROBI], manager.token)).status).toBe(403);
    expect((await putCity(NAIROBI, seeded[NAIROBI], client.token)).status).toBe(403);
    expect((await api('PUT', `/api/admin/geo/cities/${NAIROBI}`, { body: seeded[NAIROBI] })).status).toBe(
      401,
    );
  });
});

describe('PUT /api/admin/geo/card-hours and /maintenance', () => {
  // Their granted calls are the permission matrix's (admin/permissions.test.ts, writing the seeded
  // values); what they change is tested on a table of its own (working-hours-rules.test.ts).
  it('refuses malformed bodies with 400 and non-admins with 403, changing nothing', async () => {
    const before = await status();
    const badHours = await api('PUT', '/api/admin/geo/card-hours', {
      token: admin.token,
      body: { timeZone: 'UTC', week: { ...AROUND_THE_CLOCK, fri: { open: '09:00' } } },
    });
    expect(badHours.status).toBe(400);
    expect(badHours.body.errors![0]!.path).toBe('week.fri.close');
    const tooLong = await api('PUT', '/api/admin/geo/maintenance', {
      token: admin.token,
      body: { active: true, message: { ru: 'x'.repeat(501), en: '' } },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors![0]!.path).toBe('message.ru');
    const noSwitch = await api('PUT', '/api/admin/geo/maintenance', { token: admin.token, body: {} });
    expect(noSwitch.status).toBe(400);
    for (const [path, body] of [
      ['/api/admin/geo/card-hours', { timeZone: 'UTC', week: CLOSED }],
      ['/api/admin/geo/maintenance', { active: true }],
    ] as const) {
      expect((await api('PUT', path, { token: manager.token, body })).status).toBe(403);
      expect((await api('PUT', path, { token: client.token, body })).status).toBe(403);
      expect((await api('PUT', path, { body })).status).toBe(401);
    }
    expect(await status()).toEqual(before);
  });
});

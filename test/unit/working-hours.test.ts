import { GEO_SEED } from '@functions/seed/geo-data';
import { seedCityHours } from '@functions/seed/hours-data';
import { MONITOR_CITY_CODES } from '@shared/monitor-codes';
import {
  AROUND_THE_CLOCK,
  cityCodeSchema,
  dayHoursSchema,
  localDateTime,
  scheduleState,
  timeZoneSchema,
  type WeekHours,
  weekHoursSchema,
} from '@shared/working-hours';
import { describe, expect, it } from 'vitest';

const day = (open: string, close: string) => ({ open, close });
const CLOSED: WeekHours = { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null };
const only = (days: Partial<WeekHours>): WeekHours => ({ ...CLOSED, ...days });
const OFFICE = only({
  mon: day('10:00', '19:00'),
  tue: day('10:00', '19:00'),
  wed: day('10:00', '19:00'),
  thu: day('10:00', '19:00'),
  fri: day('10:00', '19:00'),
  sat: day('11:00', '16:00'),
});
const at = (iso: string) => new Date(iso);

describe('working hours schemas', () => {
  it('takes HH:MM times, 24:00 only as a closing time, and refuses a day that opens when it closes', () => {
    expect(dayHoursSchema.safeParse(day('00:00', '24:00')).success).toBe(true);
    expect(dayHoursSchema.safeParse(day('20:00', '02:00')).success).toBe(true);
    expect(dayHoursSchema.safeParse(null).success).toBe(true);
    expect(dayHoursSchema.safeParse(day('24:00', '10:00')).error?.issues[0]).toMatchObject({
      path: ['open'],
      message: 'openTime',
    });
    expect(dayHoursSchema.safeParse(day('9:00', '18:00')).success).toBe(false);
    expect(dayHoursSchema.safeParse(day('09:00', '24:30')).error?.issues[0]?.path).toEqual(['close']);
    expect(dayHoursSchema.safeParse(day('10:00', '10:00')).error?.issues[0]).toMatchObject({
      path: ['close'],
      message: 'sameTimes',
    });
  });

  it('wants all seven days and nothing else', () => {
    expect(weekHoursSchema.safeParse(OFFICE).success).toBe(true);
    const { sun: _sunday, ...sixDays } = OFFICE;
    expect(weekHoursSchema.safeParse(sixDays).success).toBe(false);
    expect(weekHoursSchema.safeParse({ ...OFFICE, holiday: null }).success).toBe(false);
  });

  it('knows IANA time zones and city codes', () => {
    for (const zone of ['Europe/Moscow', 'America/Argentina/Cordoba', 'UTC'])
      expect(timeZoneSchema.safeParse(zone).success).toBe(true);
    for (const zone of ['Mars/Olympus_Mons', '+03:00', 'MSK+3', ''])
      expect(timeZoneSchema.safeParse(zone).success).toBe(false);
    for (const code of ['MSK', 'SPB', 'MINSK', 'A1', 'DARESSALAM'])
      expect(cityCodeSchema.safeParse(code).success).toBe(true);
    for (const code of ['M', 'msk', 'SAINTPETERSBURG', 'NEW-YORK', 'МСК'])
      expect(cityCodeSchema.safeParse(code).success).toBe(false);
  });
});

describe('scheduleState', () => {
  it('is closed before opening and names the opening; open within hours and names the closing', () => {
    // Monday 2 March 2026 in Moscow (UTC+3 all year).
    expect(scheduleState(OFFICE, 'Europe/Moscow', at('2026-03-02T05:00:00Z'))).toEqual({
      openNow: false,
      opensAt: '2026-03-02T07:00:00.000Z',
      closesAt: null,
    });
    expect(scheduleState(OFFICE, 'Europe/Moscow', at('2026-03-02T10:00:00Z'))).toEqual({
      openNow: true,
      opensAt: null,
      closesAt: '2026-03-02T16:00:00.000Z',
    });
    // Closing time itself is closed.
    expect(scheduleState(OFFICE, 'Europe/Moscow', at('2026-03-02T16:00:00Z')).openNow).toBe(false);
  });

  it('skips closed days: after Saturday closes, it opens on Monday', () => {
    expect(scheduleState(OFFICE, 'Europe/Moscow', at('2026-03-07T14:00:00Z'))).toEqual({
      openNow: false,
      opensAt: '2026-03-09T07:00:00.000Z',
      closesAt: null,
    });
  });

  it('finds the next opening a whole week ahead', () => {
    const mondays = only({ mon: day('10:00', '12:00') });
    expect(scheduleState(mondays, 'UTC', at('2026-03-02T13:00:00Z')).opensAt).toBe(
      '2026-03-09T10:00:00.000Z',
    );
  });

  it('keeps a day open past midnight, into the next day', () => {
    const fridayNights = only({ fri: day('20:00', '02:00') });
    // Saturday 01:00 in Moscow is Friday's night.
    expect(scheduleState(fridayNights, 'Europe/Moscow', at('2026-03-06T22:00:00Z'))).toEqual({
      openNow: true,
      opensAt: null,
      closesAt: '2026-03-06T23:00:00.000Z',
    });
  });

  it('joins touching periods across midnight into one', () => {
    const lateMonday = only({ mon: day('20:00', '24:00'), tue: day('00:00', '02:00') });
    expect(scheduleState(lateMonday, 'UTC', at('2026-03-02T23:00:00Z')).closesAt).toBe(
      '2026-03-03T02:00:00.000Z',
    );
  });

  it('never closes around the clock, and never opens with every day closed', () => {
    expect(scheduleState(AROUND_THE_CLOCK, 'Asia/Tokyo', at('2026-03-02T05:00:00Z'))).toEqual({
      openNow: true,
      opensAt: null,
      closesAt: null,
    });
    expect(scheduleState(CLOSED, 'Asia/Tokyo', at('2026-03-02T05:00:00Z'))).toEqual({
      openNow: false,
      opensAt: null,
      closesAt: null,
    });
  });

  it('opens at the same local time across the spring change of the clocks', () => {
    const daily = only(Object.fromEntries(Object.keys(CLOSED).map((name) => [name, day('09:00', '18:00')])));
    // Berlin: Saturday 28 March 09:00 is UTC+1, Sunday 29 March 09:00 already UTC+2.
    expect(scheduleState(daily, 'Europe/Berlin', at('2026-03-28T07:00:00Z')).opensAt).toBe(
      '2026-03-28T08:00:00.000Z',
    );
    expect(scheduleState(daily, 'Europe/Berlin', at('2026-03-28T20:00:00Z')).opensAt).toBe(
      '2026-03-29T07:00:00.000Z',
    );
    // New York changes three weeks earlier, from UTC-5 to UTC-4.
    expect(scheduleState(daily, 'America/New_York', at('2026-03-08T03:00:00Z')).opensAt).toBe(
      '2026-03-08T13:00:00.000Z',
    );
  });

  it('reads an opening the clocks skip as just after the change', () => {
    const earlySunday = only({ sun: day('02:30', '05:00') });
    // 02:30 does not exist in Berlin on 29 March 2026 (02:00 → 03:00): it opens at 03:30 CEST.
    expect(scheduleState(earlySunday, 'Europe/Berlin', at('2026-03-28T12:00:00Z')).opensAt).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('keeps a night open an hour longer when the clocks go back', () => {
    const saturdayNight = only({ sat: day('22:00', '02:00') });
    // New York, 1 November 2026: 02:00 EDT becomes 01:00 EST, so 01:30 comes twice and 02:00 is EST.
    const secondHalfPast = at('2026-11-01T06:30:00Z');
    expect(scheduleState(saturdayNight, 'America/New_York', secondHalfPast)).toEqual({
      openNow: true,
      opensAt: null,
      closesAt: '2026-11-01T07:00:00.000Z',
    });
  });

  it('writes local times for messages in the zone', () => {
    expect(localDateTime('Europe/Moscow', '2026-03-09T07:00:00.000Z')).toBe('2026-03-09 10:00');
    expect(localDateTime('America/New_York', '2026-11-01T06:30:00.000Z')).toBe('2026-11-01 01:30');
  });
});

describe('seed working hours', () => {
  const cities = GEO_SEED.flatMap((continent) =>
    continent.countries.flatMap((country) =>
      country.cities.map((city) => `${continent.key}.${country.key}.${city.key}`),
    ),
  );

  it("gives every seeded city a valid zone and week, and a monitors' code only where it is established", () => {
    const codes = cities.map((key) => {
      const hours = seedCityHours(key, { aroundTheClock: false });
      expect(timeZoneSchema.safeParse(hours.timeZone).success, key).toBe(true);
      expect(weekHoursSchema.safeParse(hours.week).success, key).toBe(true);
      expect(hours.code === null || cityCodeSchema.safeParse(hours.code).success, key).toBe(true);
      expect(hours.code, key).toBe(MONITOR_CITY_CODES[key] ?? null);
      return hours.code;
    });
    // Real BestChange codes or none: no invented code such as BERLIN reaches the monitors' file.
    expect(codes.filter((code) => code !== null).sort()).toEqual(['MSK', 'SPB']);
    expect(seedCityHours('cis.russia.moscow', { aroundTheClock: false })).toMatchObject({
      code: 'MSK',
      timeZone: 'Europe/Moscow',
    });
    expect(seedCityHours('europe.germany.berlin', { aroundTheClock: false }).code).toBeNull();
    expect(seedCityHours('cis.russia.novosibirsk', { aroundTheClock: false }).timeZone).toBe(
      'Asia/Novosibirsk',
    );
  });

  it('opens every city all week for the test stacks', () => {
    expect(seedCityHours('europe.germany.berlin', { aroundTheClock: true }).week).toEqual(AROUND_THE_CLOCK);
  });
});

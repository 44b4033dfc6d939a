import {
  businessDayOf,
  dayStart,
  formatZoned,
  isTimeZone,
  periodBounds,
  zonedDateTime,
  zoneName,
} from '@shared/business-time';
import { describe, expect, it } from 'vitest';

const MOSCOW = 'Europe/Moscow';
const BERLIN = 'Europe/Berlin';
const iso = (date: Date) => date.toISOString();

describe('the business day of an instant', () => {
  it('puts 21:30 UTC into the next Moscow day and 20:59 UTC into the same one (UTC+3 all year)', () => {
    expect(businessDayOf('2026-11-28T21:30:00.000Z', MOSCOW)).toBe('2026-11-29');
    expect(businessDayOf('2026-11-28T20:59:59.999Z', MOSCOW)).toBe('2026-11-28');
    expect(businessDayOf('2026-07-01T21:00:00.000Z', MOSCOW)).toBe('2026-07-02');
  });

  it('follows Berlin across its clock changes: midnight is 23:00 UTC in winter, 22:00 UTC in summer', () => {
    expect(businessDayOf('2026-03-28T23:00:00.000Z', BERLIN)).toBe('2026-03-29');
    expect(businessDayOf('2026-03-29T21:59:59.999Z', BERLIN)).toBe('2026-03-29');
    expect(businessDayOf('2026-03-29T22:00:00.000Z', BERLIN)).toBe('2026-03-30');
  });
});

describe('the UTC instants that bound business days', () => {
  it('starts a Moscow day at 21:00 UTC the day before', () => {
    expect(iso(dayStart('2026-11-29', MOSCOW))).toBe('2026-11-28T21:00:00.000Z');
  });

  it('bounds a period of Moscow days from the first midnight to the midnight after the last', () => {
    const bounds = periodBounds('2026-11-01', '2026-11-30', MOSCOW);
    expect(iso(bounds.since)).toBe('2026-10-31T21:00:00.000Z');
    expect(iso(bounds.until)).toBe('2026-11-30T21:00:00.000Z');
  });

  it('gives Berlin the 23-hour day of spring forward and the 25-hour day of fall back', () => {
    const spring = periodBounds('2026-03-29', '2026-03-29', BERLIN);
    expect(iso(spring.since)).toBe('2026-03-28T23:00:00.000Z');
    expect(spring.until.getTime() - spring.since.getTime()).toBe(23 * 3_600_000);
    const autumn = periodBounds('2026-10-25', '2026-10-25', BERLIN);
    expect(iso(autumn.since)).toBe('2026-10-24T22:00:00.000Z');
    expect(autumn.until.getTime() - autumn.since.getTime()).toBe(25 * 3_600_000);
  });

  it('starts a day whose midnight the clocks skip at the change (Santiago, spring forward at 00:00)', () => {
    // 2026-09-06 00:00 does not exist in America/Santiago: the clocks go from 23:59:59 to 01:00.
    const start = dayStart('2026-09-06', 'America/Santiago');
    expect(iso(start)).toBe('2026-09-06T04:00:00.000Z');
    expect(businessDayOf(start, 'America/Santiago')).toBe('2026-09-06');
    expect(businessDayOf(start.getTime() - 1, 'America/Santiago')).toBe('2026-09-05');
  });
});

describe('an instant written in a zone that it names', () => {
  const deadline = '2026-11-29T18:13:00.000Z';

  it('writes a Moscow deadline in Russian and in English', () => {
    expect(formatZoned(deadline, MOSCOW, 'ru')).toBe('21:13 (Москва, UTC+3)');
    expect(formatZoned(deadline, MOSCOW, 'en')).toBe('21:13 (Moscow, UTC+3)');
  });

  it('adds the date when asked', () => {
    expect(formatZoned(deadline, MOSCOW, 'en', { date: true })).toBe('29 Nov 2026, 21:13 (Moscow, UTC+3)');
    expect(formatZoned(deadline, MOSCOW, 'ru', { date: true })).toBe(
      '29 нояб. 2026 г., 21:13 (Москва, UTC+3)',
    );
  });

  it("names Berlin's offset as it is at the instant, winter or summer", () => {
    expect(zoneName('2026-01-15T12:00:00.000Z', BERLIN, 'en')).toMatch(/, UTC\+1$/);
    expect(zoneName('2026-07-15T12:00:00.000Z', BERLIN, 'en')).toMatch(/, UTC\+2$/);
  });

  it('writes half hours and negative offsets, and UTC by its offset alone', () => {
    expect(zoneName(deadline, 'Asia/Kolkata', 'en')).toMatch(/, UTC\+5:30$/);
    expect(zoneName(deadline, 'America/New_York', 'en')).toMatch(/, UTC-5$/);
    expect(zoneName(deadline, 'UTC', 'ru')).toBe('UTC+0');
  });

  it('writes a date and time a spreadsheet reads, in the zone', () => {
    expect(zonedDateTime('2026-11-28T22:30:05.000Z', MOSCOW)).toBe('2026-11-29 01:30:05');
  });
});

describe('a time zone name', () => {
  it('takes IANA names and refuses unknown ones and bare offsets', () => {
    expect(isTimeZone('Europe/Moscow')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Europe/Atlantis')).toBe(false);
    expect(isTimeZone('+03:00')).toBe(false);
  });
});

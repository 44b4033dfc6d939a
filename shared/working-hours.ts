import * as z from 'zod/mini';
import { isTimeZone, offsetAt, zonedDateTime } from './business-time';
import { schema } from './schema';

/**
 * Working hours (docs/product.md §4 "Working hours"): a weekly schedule in one IANA time zone. Each
 * weekday is closed (null) or open from `open` to `close` in local time; a `close` at or before
 * `open` is on the next day (20:00–02:00), and 00:00–24:00 is the whole day. A city's schedule
 * governs its cash directions; the global one, card directions (and so card ⇄ USDT).
 */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const OPEN_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const CLOSE_PATTERN = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** Minutes since local midnight of an `HH:MM` time (24:00 is 1440). */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

export const dayHoursSchema = /* @__PURE__ */ schema(() =>
  z.nullable(
    z
      .strictObject({
        open: z.string().check(z.regex(OPEN_PATTERN, 'openTime')),
        close: z.string().check(z.regex(CLOSE_PATTERN, 'closeTime')),
      })
      .check(
        z.refine((day) => minutesOf(day.open) !== minutesOf(day.close), {
          message: 'sameTimes',
          path: ['close'],
        }),
      ),
  ),
);
export type DayHours = z.infer<typeof dayHoursSchema>;

export const weekHoursSchema = /* @__PURE__ */ schema(() =>
  z.strictObject(
    Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursSchema])) as Record<
      Weekday,
      typeof dayHoursSchema
    >,
  ),
);
export type WeekHours = Record<Weekday, DayHours>;

export const timeZoneSchema = /* @__PURE__ */ schema(() =>
  z.string().check(
    z.maxLength(64),
    z.refine((value) => isTimeZone(value), 'timeZone'),
  ),
);

/** A city's code for the rate monitors (BestChange style: MSK, SPB, MINSK). */
export const CITY_CODE_PATTERN = /^[A-Z0-9]{2,10}$/;
export const cityCodeSchema = /* @__PURE__ */ schema(() =>
  z.string().check(z.regex(CITY_CODE_PATTERN, 'cityCodeFormat')),
);

const DAY_MS = 86_400_000;

/** Open around the clock: what a place without a stored schedule follows. */
export const AROUND_THE_CLOCK: WeekHours = Object.fromEntries(
  WEEKDAYS.map((day) => [day, { open: '00:00', close: '24:00' }]),
) as WeekHours;

/** Where a schedule stands at an instant; times are ISO instants (UTC). */
export interface ScheduleState {
  openNow: boolean;
  /** While closed: when it next opens; null when no day of the week is open. */
  opensAt: string | null;
  /** While open: when it next closes; null when it does not close within a week (around the clock). */
  closesAt: string | null;
}

const MINUTE_MS = 60_000;

/**
 * The zone's offsets over a window of days: the one at its start, and if it differs at its end,
 * the instant of the change (found by halving, to the minute). Clocks change at most twice a year,
 * so a window of days holds at most one change; this keeps a schedule to a handful of `Intl` calls.
 */
function zoneOffsets(timeZone: string, from: number, to: number) {
  const before = offsetAt(timeZone, from);
  const after = offsetAt(timeZone, to);
  let change: number | null = null;
  if (before !== after) {
    let [low, high] = [from, to];
    while (high - low > MINUTE_MS) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetAt(timeZone, middle) === before) low = middle;
      else high = middle;
    }
    change = high;
  }
  const offset = (instant: number) => (change === null || instant < change ? before : after);
  /**
   * The instant at which the wall clock shows `wall` (a local time written as if UTC). A time the
   * clocks skip (spring forward) is read as the same distance after the change (02:30 → 03:30); a
   * time they show twice (fall back), as its first occurrence.
   */
  const instantOf = (wall: number) => {
    const candidates = [wall - before, wall - after];
    const exact = candidates.filter((instant) => instant + offset(instant) === wall);
    return exact.length > 0 ? Math.min(...exact) : Math.max(...candidates);
  };
  return { offset, instantOf };
}

const zones = new Map<string, ReturnType<typeof zoneOffsets>>();

/**
 * The zone's offsets around `at`, kept per zone and minute: every city of a zone, and every
 * request within the minute, shares one model (a window of days has room for a minute's drift).
 */
function zoneAround(timeZone: string, at: number) {
  const minute = Math.floor(at / MINUTE_MS) * MINUTE_MS;
  const key = `${timeZone}|${minute}`;
  let zone = zones.get(key);
  if (!zone) {
    if (zones.size >= 1000) zones.clear();
    zone = zoneOffsets(timeZone, minute - 2 * DAY_MS, minute + 10 * DAY_MS);
    zones.set(key, zone);
  }
  return zone;
}

/** The zone's local date and time at `instant` as `YYYY-MM-DD HH:MM` (for messages). */
export function localDateTime(timeZone: string, instant: Date | string): string {
  return zonedDateTime(instant, timeZone).slice(0, 16);
}

/**
 * Where the schedule stands at `now`: open or not, and the next change. Each local day's hours are
 * turned into instants on their own date, so days of 23 or 25 hours (DST) come out right, and
 * touching periods (Mon 20:00–24:00, Tue 00:00–02:00) count as one.
 */
export function scheduleState(week: WeekHours, timeZone: string, now: Date): ScheduleState {
  const at = now.getTime();
  const zone = zoneAround(timeZone, at);
  const today = new Date(at + zone.offset(at));
  const periods: Array<[number, number]> = [];
  // From yesterday (whose hours may run past midnight) to eight days ahead: every opening of a week.
  for (let offset = -1; offset <= 8; offset += 1) {
    const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset);
    const hours = week[WEEKDAYS[(new Date(midnight).getUTCDay() + 6) % 7]!];
    if (!hours) continue;
    const open = minutesOf(hours.open);
    const close = minutesOf(hours.close);
    periods.push([
      zone.instantOf(midnight + open * MINUTE_MS),
      zone.instantOf(midnight + (close > open ? close : close + 1440) * MINUTE_MS),
    ]);
  }
  const merged: Array<[number, number]> = [];
  for (const period of periods) {
    const last = merged.at(-1);
    if (last && period[0] <= last[1]) last[1] = Math.max(last[1], period[1]);
    else merged.push([...period]);
  }
  const current = merged.find(([start, end]) => start <= at && at < end);
  if (current) {
    const closesAt = current[1] - at > 7 * DAY_MS ? null : new Date(current[1]).toISOString();
    return { openNow: true, opensAt: null, closesAt };
  }
  const next = merged.find(([start]) => start > at);
  return { openNow: false, opensAt: next ? new Date(next[0]).toISOString() : null, closesAt: null };
}

/** A schedule as the API shows it: its zone and week, and where it stands at the time of the answer. */
export const scheduleViewSchema = /* @__PURE__ */ schema(() =>
  z.object({
    /** IANA time zone the week's times are in. */
    timeZone: z.string(),
    week: weekHoursSchema,
    openNow: z.boolean(),
    /** While closed: the next opening (ISO instant); null when no day is open. */
    opensAt: z.nullable(z.string()),
    /** While open: the next closing (ISO instant); null when open around the clock. */
    closesAt: z.nullable(z.string()),
  }),
);
export type ScheduleView = z.infer<typeof scheduleViewSchema>;

import type { Language } from './enums';

/**
 * Time in one IANA zone (docs/product.md "The business's day"): the business's own day of an
 * instant, the UTC instants that bound its days, and an instant written in a zone that it names
 * ("21:13 (Москва, UTC+3)"). The server passes the setting businessTimeZone, the order page the
 * visitor's own zone. Only `Intl`, so days of 23 or 25 hours (DST) come out as the zone has them.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Whether `Intl` knows the zone (an IANA name; offsets like +03:00 are not accepted). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WALL_CLOCK = /^(\d+)\/(\d+)\/(\d+),? (\d+):(\d+):(\d+)$/;

/** The wall clock in `timeZone` at `instant`, as numbers (`format` and a pattern: 10× `formatToParts`). */
function wallClock(timeZone: string, instant: number) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  const [, month, day, year, hour, minute, second] = WALL_CLOCK.exec(formatter.format(instant))!.map(Number);
  return { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! };
}

/** The zone's offset from UTC at `instant`, in ms (local wall time minus UTC). */
export function offsetAt(timeZone: string, instant: number): number {
  const wall = wallClock(timeZone, instant);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const two = (value: number) => String(value).padStart(2, '0');

/** The zone's calendar day of `instant`, YYYY-MM-DD. */
export function businessDayOf(instant: Date | string | number, timeZone: string): string {
  const wall = wallClock(timeZone, new Date(instant).getTime());
  return `${wall.year}-${two(wall.month)}-${two(wall.day)}`;
}

/**
 * The first instant of the zone's day `day` (YYYY-MM-DD): its local midnight, or, where the clocks
 * skip midnight, the change itself. A day holds at most one change, so the offsets a day before
 * and a day after are the only candidates.
 */
export function dayStart(day: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00.000Z`);
  const candidates = [wall - offsetAt(timeZone, wall - DAY_MS), wall - offsetAt(timeZone, wall + DAY_MS)];
  const exact = candidates.filter((instant) => instant + offsetAt(timeZone, instant) === wall);
  return new Date(exact.length > 0 ? Math.min(...exact) : Math.max(...candidates));
}

/** The zone's days `from` to `to` (both included) as UTC instants: `since` their first, `until` the one after their last. */
export function periodBounds(from: string, to: string, timeZone: string): { since: Date; until: Date } {
  const next = new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);
  return { since: dayStart(from, timeZone), until: dayStart(next, timeZone) };
}

const LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-GB' };

/** `UTC+3`, `UTC+5:30`, `UTC-4`, `UTC+0`: the offset at `instant`, exact to the minute. */
function offsetName(timeZone: string, instant: number): string {
  const minutes = Math.round(offsetAt(timeZone, instant) / MINUTE_MS);
  const sign = minutes < 0 ? '-' : '+';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${sign}${hours}${rest ? `:${two(rest)}` : ''}`;
}

/**
 * The zone as a reader knows it, and its offset at `instant`: "Москва, UTC+3", "Moscow, UTC+3",
 * "Germany, UTC+2". The place is ICU's short generic name ("Moscow Time" without " Time"); a zone
 * ICU names only by an offset (UTC) is its offset alone.
 */
export function zoneName(instant: Date | string | number, timeZone: string, language: Language): string {
  const at = new Date(instant).getTime();
  const generic = new Intl.DateTimeFormat(LOCALES[language], { timeZone, timeZoneName: 'shortGeneric' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const place = generic?.replace(/ Time$/, '');
  const offset = offsetName(timeZone, at);
  return place && !/^(GMT|UTC)/.test(place) ? `${place}, ${offset}` : offset;
}

/**
 * An instant written in `timeZone` and naming it: "21:13 (Москва, UTC+3)", or with its date
 * "29 нояб. 2026 г., 21:13 (Москва, UTC+3)" / "29 Nov 2026, 21:13 (Moscow, UTC+3)".
 */
export function formatZoned(
  instant: Date | string | number,
  timeZone: string,
  language: Language,
  options: { date?: boolean } = {},
): string {
  const at = new Date(instant).getTime();
  const written = new Intl.DateTimeFormat(LOCALES[language], {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(options.date ? { day: 'numeric', month: 'short', year: 'numeric' } : {}),
  }).format(at);
  return `${written} (${zoneName(at, timeZone, language)})`;
}

/** The instant's date and time in the zone as `YYYY-MM-DD HH:MM:SS` (a spreadsheet reads it as a date). */
export function zonedDateTime(instant: Date | string | number, timeZone: string): string {
  const wall = wallClock(timeZone, new Date(instant).getTime());
  return `${wall.year}-${two(wall.month)}-${two(wall.day)} ${two(wall.hour)}:${two(wall.minute)}:${two(wall.second)}`;
}

/** The UTC day `days` after (or before) `day`. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

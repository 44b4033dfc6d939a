import type { Language } from './enums';
import { WEEKDAYS, type Weekday, type WeekHours } from './working-hours';

/** The words a week's line is written with. */
export interface WeekTextLabels {
  day: (day: Weekday) => string;
  closed: string;
  allDay: string;
  /** Said before the hours of a week whose every day is the same ("daily 10:00–20:00"); absent: "Mon–Sun …". */
  daily?: string;
  /** Between runs of days: "; " unless given. */
  separator?: string;
}

/**
 * A week's opening hours in one line read at a glance: days with the same hours run together
 * ("Mon–Fri 10:00–20:00; Sat 11:00–16:00; Sun closed"), 00:00–24:00 is "around the clock". Times
 * are the schedule's own local times; the caller names its time zone.
 */
export function weekText(week: WeekHours, labels: WeekTextLabels): string {
  const hoursOf = (day: Weekday) => {
    const hours = week[day];
    if (!hours) return labels.closed;
    return hours.open === '00:00' && hours.close === '24:00' ? labels.allDay : `${hours.open}–${hours.close}`;
  };
  const runs: Array<{ first: Weekday; last: Weekday; hours: string }> = [];
  for (const day of WEEKDAYS) {
    const last = runs.at(-1);
    if (last && last.hours === hoursOf(day)) last.last = day;
    else runs.push({ first: day, last: day, hours: hoursOf(day) });
  }
  if (runs.length === 1 && labels.daily) return `${labels.daily} ${runs[0]!.hours}`;
  return runs
    .map(({ first, last, hours }) =>
      first === last ? `${labels.day(first)} ${hours}` : `${labels.day(first)}–${labels.day(last)} ${hours}`,
    )
    .join(labels.separator ?? '; ');
}

const DAY_NAMES: Record<Language, Record<Weekday, string>> = {
  en: { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' },
  ru: { mon: 'пн', tue: 'вт', wed: 'ср', thu: 'чт', fri: 'пт', sat: 'сб', sun: 'вс' },
};
const WORDS: Record<Language, { closed: string; allDay: string; daily: string }> = {
  en: { closed: 'closed', allDay: 'around the clock', daily: 'daily' },
  ru: { closed: 'закрыто', allDay: 'круглосуточно', daily: 'ежедневно' },
};

/**
 * An office's week as a client reads it, the same on the order page and in the mail (the server
 * writes mails without the web's translations, so the words are here).
 */
export function weekHoursText(week: WeekHours, language: Language): string {
  return weekText(week, { day: (day) => DAY_NAMES[language][day], ...WORDS[language] });
}

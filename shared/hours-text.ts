import type { Language } from './enums';
import { WEEKDAYS, type WeekHours } from './working-hours';

const DAY_NAMES: Record<Language, readonly string[]> = {
  en: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  ru: ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'],
};
const WORDS: Record<Language, { closed: string; allDay: string; daily: string }> = {
  en: { closed: 'closed', allDay: 'around the clock', daily: 'daily' },
  ru: { closed: 'закрыто', allDay: 'круглосуточно', daily: 'ежедневно' },
};

/**
 * A week's opening hours in a line a client reads at a glance, the same on the order page and in
 * the mail: days with the same hours run together ("Mon–Fri 10:00–20:00; Sat 11:00–16:00; Sun
 * closed"), a week of the same hours is "daily", 00:00–24:00 is "around the clock". Times are the
 * schedule's own local times; the caller names its time zone.
 */
export function weekHoursText(week: WeekHours, language: Language): string {
  const words = WORDS[language];
  const hoursOf = (index: number) => {
    const day = week[WEEKDAYS[index]!];
    if (!day) return words.closed;
    return day.open === '00:00' && day.close === '24:00' ? words.allDay : `${day.open}–${day.close}`;
  };
  const runs: Array<{ from: number; to: number; hours: string }> = [];
  for (let index = 0; index < WEEKDAYS.length; index += 1) {
    const hours = hoursOf(index);
    const last = runs.at(-1);
    if (last && last.hours === hours) last.to = index;
    else runs.push({ from: index, to: index, hours });
  }
  const names = DAY_NAMES[language];
  if (runs.length === 1) return `${words.daily} ${runs[0]!.hours}`;
  return runs
    .map(({ from, to, hours }) => `${from === to ? names[from] : `${names[from]}–${names[to]}`} ${hours}`)
    .join('; ');
}

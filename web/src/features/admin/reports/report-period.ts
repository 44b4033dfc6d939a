import { isDayDate, periodProblem } from '@shared/contract/transactions';
import { monthOf, weekOf } from '@shared/reports';

/** The periods the page offers: a day, the week or the month that holds a day, or two days typed. */
export const PERIOD_KINDS = ['day', 'week', 'month', 'custom'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

export const isPeriodKind = (value: string): value is PeriodKind =>
  (PERIOD_KINDS as readonly string[]).includes(value);

/**
 * The days a choice covers, both included, in the business's calendar: `day` picks the day, week or
 * month (the business's today when empty); a custom period is its two days, or today while either
 * is missing or the two do not make a period the server takes.
 */
export function periodOf(
  kind: PeriodKind,
  picked: { day: string; from: string; to: string },
  today: string,
): { from: string; to: string } {
  const day = isDayDate(picked.day) ? picked.day : today;
  if (kind === 'week') return weekOf(day);
  if (kind === 'month') return monthOf(day);
  if (kind === 'custom') {
    const typed = isDayDate(picked.from) && isDayDate(picked.to);
    if (typed && !periodProblem(picked.from, picked.to)) return { from: picked.from, to: picked.to };
    return { from: today, to: today };
  }
  return { from: day, to: day };
}

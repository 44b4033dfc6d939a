import { type FieldProblem, issueProblem } from '@shared/field-rules';
import { type WeekTextLabels, weekText } from '@shared/hours-text';
import {
  cityCodeSchema,
  timeZoneSchema,
  WEEKDAYS,
  type Weekday,
  type WeekHours,
  weekHoursSchema,
} from '@shared/working-hours';

/** One weekday as the editor holds it: whether it is open, and its times as typed. */
export interface DayDraft {
  open: boolean;
  from: string;
  to: string;
}
export type WeekDraft = Record<Weekday, DayDraft>;

/** A closed day keeps the times it would have if opened (an office's default). */
const DEFAULT_DAY = { from: '10:00', to: '19:00' };

export function draftOfWeek(week: WeekHours): WeekDraft {
  return Object.fromEntries(
    WEEKDAYS.map((day) => {
      const hours = week[day];
      return [
        day,
        hours ? { open: true, from: hours.open, to: hours.close } : { open: false, ...DEFAULT_DAY },
      ];
    }),
  ) as WeekDraft;
}

export function weekOfDraft(draft: WeekDraft): WeekHours {
  return Object.fromEntries(
    WEEKDAYS.map((day) => {
      const { open, from, to } = draft[day];
      return [day, open ? { open: from.trim(), close: to.trim() } : null];
    }),
  ) as WeekHours;
}

/**
 * What the server would refuse, by the path it would name (`timeZone`, `week.mon.close`, `code`),
 * as the server's own rules (shared/working-hours.ts), to be worded in the UI language.
 */
export function hoursProblems(values: { timeZone: string; week: WeekHours; code?: string | null }) {
  const problems: Record<string, FieldProblem> = {};
  const collect = (prefix: string, issues: Parameters<typeof issueProblem>[0][]) => {
    for (const issue of issues) {
      const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
      problems[path] ??= issueProblem(issue);
    }
  };
  collect('timeZone', timeZoneSchema.safeParse(values.timeZone).error?.issues ?? []);
  collect('week', weekHoursSchema.safeParse(values.week).error?.issues ?? []);
  if (values.code) collect('code', cityCodeSchema.safeParse(values.code).error?.issues ?? []);
  return problems;
}

/**
 * The week in a line, runs of days with the same hours joined: `Mon–Fri 10:00–19:00, Sat
 * 11:00–16:00, Sun closed`; every day alike is `Mon–Sun …` (shared/hours-text.ts, with the UI's words).
 */
export function weekSummary(week: WeekHours, labels: Omit<WeekTextLabels, 'daily' | 'separator'>): string {
  return weekText(week, { ...labels, separator: ', ' });
}

/** Every IANA zone the browser knows, and UTC, for suggestions. */
export function timeZoneOptions(): string[] {
  return [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();
}

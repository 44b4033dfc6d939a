import { AROUND_THE_CLOCK, type WeekHours } from '@shared/working-hours';
import { describe, expect, it } from 'vitest';
import { draftOfWeek, hoursProblems, weekOfDraft, weekSummary } from './working-hours';

const labels = {
  day: (day: string) => day.charAt(0).toUpperCase() + day.slice(1),
  closed: 'closed',
  allDay: '24 h',
};
const OFFICE: WeekHours = {
  mon: { open: '10:00', close: '19:00' },
  tue: { open: '10:00', close: '19:00' },
  wed: { open: '10:00', close: '19:00' },
  thu: { open: '10:00', close: '19:00' },
  fri: { open: '10:00', close: '19:00' },
  sat: { open: '11:00', close: '16:00' },
  sun: null,
};

describe('weekSummary', () => {
  it('joins runs of days with the same hours', () => {
    expect(weekSummary(OFFICE, labels)).toBe('Mon–Fri 10:00–19:00, Sat 11:00–16:00, Sun closed');
    expect(weekSummary(AROUND_THE_CLOCK, labels)).toBe('Mon–Sun 24 h');
  });
});

describe('the schedule draft', () => {
  it('keeps times of a closed day for when it is opened, and writes a closed day as null', () => {
    const draft = draftOfWeek(OFFICE);
    expect(draft.sun).toEqual({ open: false, from: '10:00', to: '19:00' });
    expect(weekOfDraft(draft)).toEqual(OFFICE);
    expect(weekOfDraft({ ...draft, sat: { open: false, from: '11:00', to: '16:00' } }).sat).toBeNull();
  });

  it("finds what the server would refuse, under the server's paths and rules", () => {
    expect(
      hoursProblems({
        timeZone: 'Mars/Base',
        week: { ...OFFICE, mon: { open: '10:00', close: '10:00' }, tue: { open: '7:00', close: '19:00' } },
        code: 'msk',
      }),
    ).toEqual({
      timeZone: { code: 'timeZone', msg: 'Unknown time zone: use an IANA name such as Europe/Moscow.' },
      'week.mon.close': {
        code: 'sameTimes',
        msg: 'Opening and closing times must differ (00:00–24:00 is the whole day).',
      },
      'week.tue.open': { code: 'openTime', msg: 'Use HH:MM, from 00:00 to 23:59.' },
      code: { code: 'cityCodeFormat', msg: 'Use 2–10 capital latin letters or digits, such as MSK.' },
    });
    expect(hoursProblems({ timeZone: 'Europe/Moscow', week: OFFICE, code: null })).toEqual({});
  });
});

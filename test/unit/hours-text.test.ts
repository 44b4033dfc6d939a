import { weekHoursText } from '@shared/hours-text';
import { AROUND_THE_CLOCK, type WeekHours } from '@shared/working-hours';
import { describe, expect, it } from 'vitest';

const WORKDAY = { open: '10:00', close: '20:00' };
const OFFICE_WEEK: WeekHours = {
  mon: WORKDAY,
  tue: WORKDAY,
  wed: WORKDAY,
  thu: WORKDAY,
  fri: WORKDAY,
  sat: { open: '11:00', close: '16:00' },
  sun: null,
};

describe('weekHoursText', () => {
  it('runs days with the same hours together and names a closed day', () => {
    expect(weekHoursText(OFFICE_WEEK, 'en')).toBe('Mon–Fri 10:00–20:00; Sat 11:00–16:00; Sun closed');
    expect(weekHoursText(OFFICE_WEEK, 'ru')).toBe('пн–пт 10:00–20:00; сб 11:00–16:00; вс закрыто');
  });

  it('says "daily" for a week of the same hours, and "around the clock" for 00:00–24:00', () => {
    expect(weekHoursText(AROUND_THE_CLOCK, 'en')).toBe('daily around the clock');
    expect(weekHoursText({ ...AROUND_THE_CLOCK, sun: null }, 'ru')).toBe('пн–сб круглосуточно; вс закрыто');
  });

  it('keeps separate runs of the same hours apart when another day lies between them', () => {
    const week = { ...OFFICE_WEEK, wed: null };
    expect(weekHoursText(week, 'en')).toBe(
      'Mon–Tue 10:00–20:00; Wed closed; Thu–Fri 10:00–20:00; Sat 11:00–16:00; Sun closed',
    );
  });
});

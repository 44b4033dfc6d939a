import { businessDayOf } from '@shared/business-time';
import { settingValue } from './settings';

/** The business's time zone (the setting businessTimeZone): its days and the times it writes. */
export const businessTimeZone = () => settingValue('businessTimeZone');

/** The business day of `now` (YYYY-MM-DD): the dashboard's day a change counts on. */
export async function businessDay(now: Date): Promise<string> {
  return businessDayOf(now, await businessTimeZone());
}

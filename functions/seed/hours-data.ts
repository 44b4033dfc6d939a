import { MONITOR_CITY_CODES } from '@shared/monitor-codes';
import { AROUND_THE_CLOCK, type DayHours, type WeekHours } from '@shared/working-hours';

/**
 * Seed working hours (docs/product.md §4 "Working hours"): each seeded city's IANA time zone,
 * weekly hours and, where established, the rate monitors' code; the card schedule. Staff change them in geo
 * management; the seed only adds what is missing.
 */

const hours = (open: string, close: string): DayHours => ({ open, close });
const week = (weekdays: DayHours, saturday: DayHours, sunday: DayHours, friday = weekdays): WeekHours => ({
  mon: weekdays,
  tue: weekdays,
  wed: weekdays,
  thu: weekdays,
  fri: friday,
  sat: saturday,
  sun: sunday,
});

/** An office's week: weekdays 10–19, Saturday 11–16, Sunday closed. */
const OFFICE = week(hours('10:00', '19:00'), hours('11:00', '16:00'), null);
/** A big city's desk: every day 09–21. */
const DAILY = week(hours('09:00', '21:00'), hours('09:00', '21:00'), hours('09:00', '21:00'));
/** A resort's desk: every day from 10 until 02 at night. */
const RESORT = week(hours('10:00', '02:00'), hours('10:00', '02:00'), hours('10:00', '02:00'));
/** Where the weekend is Friday and Saturday: Sunday to Thursday 09–18, Saturday 10–14. */
const SUN_THU = week(hours('09:00', '18:00'), hours('10:00', '14:00'), hours('09:00', '18:00'), null);

/** Each country's zone; a city in another zone names its own below. */
const COUNTRY_ZONES: Record<string, string> = {
  'europe.germany': 'Europe/Berlin',
  'europe.france': 'Europe/Paris',
  'europe.spain': 'Europe/Madrid',
  'europe.italy': 'Europe/Rome',
  'europe.poland': 'Europe/Warsaw',
  'europe.netherlands': 'Europe/Amsterdam',
  'europe.czech_republic': 'Europe/Prague',
  'europe.serbia': 'Europe/Belgrade',
  'europe.united_kingdom': 'Europe/London',
  'europe.switzerland': 'Europe/Zurich',
  'europe.montenegro': 'Europe/Podgorica',
  'europe.portugal': 'Europe/Lisbon',
  'europe.cyprus': 'Asia/Nicosia',
  'cis.russia': 'Europe/Moscow',
  'cis.kazakhstan': 'Asia/Almaty',
  'cis.uzbekistan': 'Asia/Tashkent',
  'cis.kyrgyzstan': 'Asia/Bishkek',
  'cis.armenia': 'Asia/Yerevan',
  'cis.belarus': 'Europe/Minsk',
  'cis.azerbaijan': 'Asia/Baku',
  'cis.georgia': 'Asia/Tbilisi',
  'cis.tajikistan': 'Asia/Dushanbe',
  'cis.moldova': 'Europe/Chisinau',
  'middle_east.turkey': 'Europe/Istanbul',
  'middle_east.united_arab_emirates': 'Asia/Dubai',
  'middle_east.israel': 'Asia/Jerusalem',
  'middle_east.saudi_arabia': 'Asia/Riyadh',
  'middle_east.qatar': 'Asia/Qatar',
  'middle_east.oman': 'Asia/Muscat',
  'north_america.united_states': 'America/New_York',
  'north_america.canada': 'America/Toronto',
  'north_america.mexico': 'America/Mexico_City',
  'north_america.dominican_republic': 'America/Santo_Domingo',
  'south_america.brazil': 'America/Sao_Paulo',
  'south_america.argentina': 'America/Argentina/Buenos_Aires',
  'south_america.chile': 'America/Santiago',
  'south_america.colombia': 'America/Bogota',
  'south_america.peru': 'America/Lima',
  'asia.thailand': 'Asia/Bangkok',
  'asia.china': 'Asia/Shanghai',
  'asia.japan': 'Asia/Tokyo',
  'asia.indonesia': 'Asia/Jakarta',
  'asia.vietnam': 'Asia/Ho_Chi_Minh',
  'asia.india': 'Asia/Kolkata',
  'asia.south_korea': 'Asia/Seoul',
  'asia.malaysia': 'Asia/Kuala_Lumpur',
  'africa.egypt': 'Africa/Cairo',
  'africa.nigeria': 'Africa/Lagos',
  'africa.south_africa': 'Africa/Johannesburg',
  'africa.morocco': 'Africa/Casablanca',
  'africa.kenya': 'Africa/Nairobi',
  'africa.tanzania': 'Africa/Dar_es_Salaam',
};

const CITY_ZONES: Record<string, string> = {
  'cis.russia.novosibirsk': 'Asia/Novosibirsk',
  'cis.uzbekistan.samarkand': 'Asia/Samarkand',
  'north_america.united_states.los_angeles': 'America/Los_Angeles',
  'north_america.united_states.chicago': 'America/Chicago',
  'north_america.canada.vancouver': 'America/Vancouver',
  'north_america.mexico.cancun': 'America/Cancun',
  'south_america.argentina.cordoba': 'America/Argentina/Cordoba',
  'south_america.argentina.mendoza': 'America/Argentina/Mendoza',
  'asia.indonesia.denpasar': 'Asia/Makassar',
};

/** Big cities' desks open every day; resorts late; where the weekend is Friday–Saturday, Sunday–Thursday. */
const CITY_WEEKS: Record<string, WeekHours> = {
  'cis.russia.moscow': DAILY,
  'cis.russia.saint_petersburg': DAILY,
  'cis.kazakhstan.almaty': DAILY,
  'cis.belarus.minsk': DAILY,
  'cis.georgia.tbilisi': DAILY,
  'middle_east.turkey.istanbul': DAILY,
  'middle_east.united_arab_emirates.dubai': DAILY,
  'europe.united_kingdom.london': DAILY,
  'north_america.united_states.new_york': DAILY,
  'asia.thailand.bangkok': DAILY,
  'europe.montenegro.budva': RESORT,
  'cis.georgia.batumi': RESORT,
  'middle_east.turkey.antalya': RESORT,
  'north_america.mexico.cancun': RESORT,
  'north_america.dominican_republic.punta_cana': RESORT,
  'asia.thailand.phuket': RESORT,
  'asia.thailand.pattaya': RESORT,
  'asia.indonesia.denpasar': RESORT,
  'africa.egypt.hurghada': RESORT,
  'africa.egypt.sharm_el_sheikh': RESORT,
};
const SUN_THU_COUNTRIES = [
  'middle_east.israel',
  'middle_east.saudi_arabia',
  'middle_east.qatar',
  'middle_east.oman',
];

export interface SeedCityHours {
  timeZone: string;
  week: WeekHours;
  /** The monitors' code where BestChange's is established; null: none (no cash item in the export). */
  code: string | null;
}

/** The seed's hours of one city; `aroundTheClock` opens every day all day (test stacks, see seed.ts). */
export function seedCityHours(cityKey: string, options: { aroundTheClock: boolean }): SeedCityHours {
  const countryKey = cityKey.slice(0, cityKey.lastIndexOf('.'));
  const timeZone = CITY_ZONES[cityKey] ?? COUNTRY_ZONES[countryKey];
  if (!timeZone) throw new Error(`No seed time zone for ${cityKey}`);
  const seeded = CITY_WEEKS[cityKey] ?? (SUN_THU_COUNTRIES.includes(countryKey) ? SUN_THU : OFFICE);
  const code = MONITOR_CITY_CODES[cityKey] ?? null;
  return { timeZone, week: options.aroundTheClock ? AROUND_THE_CLOCK : seeded, code };
}

/** Card directions: around the clock, counted in Moscow time (the exchange's home zone). */
export const SEED_CARD_HOURS = { timeZone: 'Europe/Moscow', week: AROUND_THE_CLOCK };

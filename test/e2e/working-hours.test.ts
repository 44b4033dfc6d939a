import type { GeoTree } from '@shared/geo';
import type { WeekHours } from '@shared/working-hours';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { logInAsSuperAdmin, openAs, registerVerifiedUser, type Session } from './support/admin-session';
import { screenshot, seriousAxeViolations, useBrowser } from './support/browser';

/**
 * The apply form outside working hours (docs/product.md §4 "Working hours"): an ADMIN closes a
 * city through the admin API, the form stops offering cash there and says when the city opens, at
 * 375 px, in both languages; in maintenance it says so and sends nothing. Kyoto's hours and the
 * maintenance switch are restored afterwards (no other e2e file uses Japan; files run one at a time).
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

const KYOTO = 'asia.japan.kyoto';
const CLOSED: WeekHours = { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null };
const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

let admin: Session;
let user: Session;
let seeded: { timeZone: string; week: WeekHours; code: string | null };

async function putKyoto(body: unknown) {
  const answer = await api('PUT', `/api/admin/geo/cities/${KYOTO}`, { token: admin.token, body });
  if (answer.status !== 200)
    throw new Error(`Hours refused: ${answer.status} ${JSON.stringify(answer.body)}`);
}

async function setMaintenance(active: boolean) {
  const message = active ? { ru: 'Вернёмся к полудню.', en: 'Back by noon.' } : { ru: '', en: '' };
  const answer = await api('PUT', '/api/admin/geo/maintenance', {
    token: admin.token,
    body: { active, message },
  });
  if (answer.status !== 200) throw new Error(`Maintenance refused: ${answer.status}`);
}

beforeAll(async () => {
  admin = await logInAsSuperAdmin();
  user = await registerVerifiedUser('wh');
  const tree = (await api<GeoTree>('GET', '/api/admin/geo', { token: admin.token })).body.data!;
  const kyoto = tree
    .flatMap((continent) => continent.countries)
    .flatMap((country) => country.cities)
    .find((city) => city.key === KYOTO)!;
  seeded = { timeZone: kyoto.hours.timeZone, week: kyoto.hours.week, code: kyoto.code };
  // Open only on the day after tomorrow in Kyoto (UTC+9), 10:00–18:00.
  const tokyoNow = new Date(Date.now() + 9 * 3_600_000);
  const day = new Date(
    Date.UTC(tokyoNow.getUTCFullYear(), tokyoNow.getUTCMonth(), tokyoNow.getUTCDate() + 2),
  );
  await putKyoto({
    timeZone: 'Asia/Tokyo',
    week: { ...CLOSED, [WEEKDAY_KEYS[day.getUTCDay()]!]: { open: '10:00', close: '18:00' } },
    code: seeded.code,
  });
});

afterAll(async () => {
  await setMaintenance(false);
  await putKyoto(seeded);
});

async function chooseKyoto(page: Page, names: { continent: string; country: string; city: string }) {
  await page.getByLabel(names.continent).selectOption('asia');
  await page.getByLabel(names.country).selectOption('asia.japan');
  await page.getByLabel(names.city).selectOption(KYOTO);
}

const giveOptions = (page: Page) =>
  page
    .locator('select[name=assetFrom] option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));

describe('the apply form outside working hours', () => {
  it('offers no cash in a closed city and says when it opens, at 375 px', async () => {
    const page = await newPage({ language: 'en', width: 375 });
    await openAs(page, user, '/apply');
    await chooseKyoto(page, { continent: 'Continent', country: 'Country', city: 'City' });

    const notice = page.getByText(
      /^Cash exchange in Kyoto is closed now: it opens .+ 10:00\sAM, local time\.$/,
    );
    await notice.waitFor();
    expect((await giveOptions(page)).filter((asset) => asset.startsWith('cash-'))).toEqual([]);
    await page.getByLabel('You give').selectOption('usdt-trc20');
    const receive = await page
      .locator('select[name=assetTo] option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(receive.length).toBeGreaterThan(0);
    expect(receive.every((asset) => asset.startsWith('card-'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await screenshot(page, 'site/apply-city-closed-375-en');
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);

    // Another city of the country is open: cash is back.
    await page.getByLabel('City').selectOption('asia.japan.tokyo');
    await notice.waitFor({ state: 'detached' });
    expect(await giveOptions(page)).toContain('cash-JPY');
  });

  it('says it in Russian too', async () => {
    const page = await newPage({ language: 'ru', width: 375 });
    await openAs(page, user, '/apply');
    await chooseKyoto(page, { continent: 'Континент', country: 'Страна', city: 'Город' });
    await page
      .getByText(/^Наличный обмен в городе Киото сейчас закрыт: откроется .+ 10:00 по местному времени\.$/)
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await screenshot(page, 'site/apply-city-closed-375-ru');
  });

  it('in maintenance shows the message and sends nothing', async () => {
    await setMaintenance(true);
    try {
      const page = await newPage({ language: 'en', width: 375 });
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/applications')
          posts.push(request.url());
      });
      await openAs(page, user, '/apply');
      await page.getByText('The exchange is closed for maintenance. Please come back later.').waitFor();
      await page.getByText('Back by noon.').waitFor();
      const submit = page.getByRole('button', { name: 'Submit application' });
      expect(await submit.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Individual', exact: true }).click();
      await page.getByLabel('Details').fill('500 EUR cash to USDT in Kyoto');
      expect(await page.getByRole('button', { name: 'Submit request' }).isDisabled()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await screenshot(page, 'site/apply-maintenance-375-en');
      expect(posts).toEqual([]);
    } finally {
      await setMaintenance(false);
    }
  });
});

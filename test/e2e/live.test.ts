import { ADMIN_APPLICATION_ID_DISPLAY_LENGTH } from '@shared/constants';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApplication, createManager } from './support/admin-data';
import { openAs, registerVerifiedUser, type Session, waitForAdmin } from './support/admin-session';
import {
  type Language,
  screenshot,
  seriousAxeViolations,
  showsToast,
  useBrowser,
  VIEWPORTS,
} from './support/browser';

/**
 * Live push in the browser: an admin list shows a new application and the order page
 * shows staff's step with no reload, in two browser contexts. Neither page polls while live (the
 * order page's 15 s poll stops, the admin list never polled), and each wait here is shorter than
 * the order page's poll, so what arrives came by the socket.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

/** Under the order page's 15 s poll: an update seen within it came by a notice. */
const PUSHED_WITHIN_MS = 8_000;
const LIVE = { en: 'live', ru: 'в реальном времени' } as const;

let manager: Session;

beforeAll(async () => {
  manager = await createManager();
}, 60_000);

async function waitLive(page: Page, language: Language = 'en') {
  await page.getByText(LIVE[language], { exact: true }).first().waitFor();
}

const shortOf = (id: string) => id.slice(0, ADMIN_APPLICATION_ID_DISPLAY_LENGTH);

/**
 * The MANAGER's applications list, live and settled: the list reads itself once more on becoming
 * live (what changed before the socket opened; a first read still under way is dropped), so a check
 * of the page waits until at least two reads were made and each has ended.
 */
async function liveApplicationsList(page: Page, language: Language) {
  let started = 0;
  let ended = 0;
  const isList = (request: Request) => new URL(request.url()).pathname === '/api/admin/applications';
  page.on('request', (request) => {
    if (isList(request)) started += 1;
  });
  const end = (request: Request) => {
    if (isList(request)) ended += 1;
  };
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  await openAs(page, manager, '/admin/application-management');
  await waitLive(page, language);
  await expect.poll(() => started >= 2 && ended === started, { timeout: 10_000 }).toBe(true);
  await waitForAdmin(page);
}

describe('live push', () => {
  it('shows a new application in the admin list without a reload', async () => {
    const staffPage = await newPage({ language: 'en' });
    await liveApplicationsList(staffPage, 'en');
    const loadedAt = await staffPage.evaluate(() => performance.timeOrigin);

    const client = await registerVerifiedUser('live');
    const application = await createApplication(client);

    await staffPage
      .getByRole('cell', { name: shortOf(application.id) })
      .first()
      .waitFor({ timeout: PUSHED_WITHIN_MS });
    // The same document: no navigation happened.
    expect(await staffPage.evaluate(() => performance.timeOrigin)).toBe(loadedAt);
  }, 90_000);

  it("shows staff's step on the client's order page without a reload, in two browser contexts", async () => {
    const client = await registerVerifiedUser('live');
    const application = await createApplication(client);
    const clientPage = await newPage({ language: 'en' });
    await openAs(clientPage, client, `/applications/${application.id}`);
    await clientPage
      .getByText('Nothing for now: your application is waiting for staff to take it.')
      .waitFor();
    await waitLive(clientPage);
    const loadedAt = await clientPage.evaluate(() => performance.timeOrigin);

    const staffPage = await newPage({ language: 'en' });
    await openAs(staffPage, manager, `/admin/application-management?open_id=${application.id}`);
    await waitForAdmin(staffPage);
    await showsToast(staffPage, 'Status changed to Processing.', () =>
      staffPage
        .getByRole('dialog')
        .getByLabel(`Status of application ${shortOf(application.id)}`)
        .selectOption('PROCESSING'),
    );

    await clientPage
      .getByText('Staff are preparing your payment instructions; they will appear here.')
      .waitFor({ timeout: PUSHED_WITHIN_MS });
    expect(await clientPage.evaluate(() => performance.timeOrigin)).toBe(loadedAt);
  }, 90_000);
});

describe('the live mark and the attention switches at 375 and 1280 px, in Russian and English', () => {
  let client: Session;
  let applicationId: string;

  beforeAll(async () => {
    client = await registerVerifiedUser('livescr');
    applicationId = (await createApplication(client)).id;
  }, 60_000);

  for (const language of ['ru', 'en'] as const) {
    for (const width of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      it(`${language} at ${width} px`, async () => {
        const staffPage = await newPage({ language, width });
        await liveApplicationsList(staffPage, language);
        await expect(staffPage.getByRole('checkbox').count()).resolves.toBeGreaterThanOrEqual(2);
        expect(await seriousAxeViolations(staffPage)).toEqual([]);
        await screenshot(staffPage, `live/admin-${language}-${width}`);

        const clientPage = await newPage({ language, width });
        await openAs(clientPage, client, `/applications/${applicationId}`);
        await waitLive(clientPage, language);
        expect(await seriousAxeViolations(clientPage)).toEqual([]);
        await screenshot(clientPage, `live/order-${language}-${width}`);
      }, 60_000);
    }
  }
});

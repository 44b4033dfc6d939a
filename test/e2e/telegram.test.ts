import { postToTelegramStandIn } from '@infra/local/telegram-stand-in';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  logInAsSuperAdmin,
  openAs,
  registerVerifiedUser,
  type Session,
  waitForAdmin,
} from './support/admin-session';
import { screenshot, seriousAxeViolations, useBrowser, VIEWPORTS } from './support/browser';

/**
 * The Telegram bot in the browser: a client links Telegram from the profile (the
 * deep link's /start arrives through the Bot API stand-in as Telegram would deliver it) and the
 * section turns linked without a reload; the security page shows the bot's state to a SUPER_ADMIN.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

const standIn = () => inject('localStack').telegramApiUrl!;

let client: Session;
let superAdmin: Session;

beforeAll(async () => {
  [client, superAdmin] = await Promise.all([registerVerifiedUser('tg'), logInAsSuperAdmin()]);
}, 60_000);

describe('Telegram', () => {
  it('links the account from the profile: the deep link, Start in Telegram, linked without a reload', async () => {
    const page = await newPage({ language: 'en', width: VIEWPORTS.mobile });
    await openAs(page, client, '/profile');
    // The button opens t.me in a new tab; here the tab only needs to exist, not to load.
    page.context().on('page', (opened) => void opened.close());

    await page.getByRole('button', { name: 'Link Telegram' }).click();
    const link = page.getByRole('link', { name: 'Open the bot in Telegram' });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^https:\/\/t\.me\/exchange_local_bot\?start=[A-Za-z0-9_-]{20,64}$/);
    await screenshot(page, 'telegram-profile-waiting-en-375');

    const token = new URL(href).searchParams.get('start');
    const telegramUserId = 1_900_000_000 + Math.floor(Math.random() * 90_000_000);
    const delivered = await postToTelegramStandIn<{ status: number }>(standIn(), '/_local/updates', {
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: telegramUserId, type: 'private', first_name: 'Client' },
        from: { id: telegramUserId, is_bot: false, first_name: 'Client', username: 'e2e_client' },
        text: `/start ${token}`,
      },
    });
    expect(delivered.status).toBe(200);

    await page.getByText(/Linked: @e2e_client since/).waitFor({ timeout: 15_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'telegram-profile-linked-en-375');
  });

  it("shows the bot's state to a SUPER_ADMIN on the security page", async () => {
    const page = await newPage({ language: 'ru', width: VIEWPORTS.desktop });
    await openAs(page, superAdmin, '/admin/security-settings');
    await waitForAdmin(page);
    await page.getByText('@exchange_local_bot').first().waitFor();
    await page.getByRole('button', { name: /Отправить тестовое сообщение/ }).waitFor();
    await screenshot(page, 'telegram-security-ru-1280');
  });
});

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { createApplication, createManager } from './support/admin-data';
import { openAs, registerVerifiedUser, type Session } from './support/admin-session';
import { showsToast, siteUrl, useBrowser, waitForApp } from './support/browser';
import { newIdentity, registerInBrowser, verifyFromMail } from './support/ui-account';

// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

let user: Session;
beforeAll(async () => {
  user = await registerVerifiedUser('ap');
});

async function chooseFirst(page: Page, name: string) {
  const select = page.locator(`select[name=${name}]`);
  await page.waitForFunction((field) => {
    const element = document.querySelector<HTMLSelectElement>(`select[name=${field}]`);
    return element && !element.disabled && element.options.length > 1;
  }, name);
  const value = await select.locator('option').nth(1).getAttribute('value');
  await select.selectOption(value!);
  return value!;
}

describe('apply and profile', () => {
  it('takes a visitor from registration and the mailed link to both applications in the profile, and cancels one', async () => {
    const identity = newIdentity('jrn');
    const page = await newPage({ language: 'en' });
    await registerInBrowser(page, identity);
    await verifyFromMail(page, identity.email);
    await page.locator('.site-nav').getByRole('link', { name: 'Applications' }).click();

    const continent = await chooseFirst(page, 'continent');
    const country = await chooseFirst(page, 'country');
    await chooseFirst(page, 'city');
    const geo = await api<Array<{ key: string; countries: Array<{ key: string; localCurrency: string }> }>>(
      'GET',
      '/api/geo',
    );
    const local = geo.body
      .data!.find((node) => node.key === continent)!
      .countries.find((node) => node.key === country)!;
    expect(await page.locator('select[name=assetFrom]').inputValue()).toBe(`card-${local.localCurrency}`);
    expect(await page.locator('select[name=assetTo]').inputValue()).toBe('usdt-trc20');
    await page.getByLabel('Amount').fill('1500');
    await page.locator('.quote__receive, .quote__hint').last().waitFor();
    const contact = page.getByLabel('Telegram contact');
    await contact.fill('@e2e_standard');
    await contact.blur();
    await page.waitForSelector('input[name=contactTelegram][data-check=valid]');
    await page.locator('input[name=amlAcknowledged]').check();
    await showsToast(page, 'Application submitted', () =>
      page.getByRole('button', { name: 'Submit application' }).click(),
    );
    // Straight to the new order's page.
    await page.waitForURL(/\/applications\/[0-9a-f-]{36}$/);
    await page.locator('.order-page').waitFor();
    const standardOrder = page.url();

    await page.locator('.site-nav').getByRole('link', { name: 'Applications' }).click();
    await page.getByRole('button', { name: 'Individual', exact: true }).click();
    await page.getByLabel('Details').fill('500 EUR cash to USDT in Lisbon next week');
    // A new form: the contact is asked again (this account has no Telegram linked to prefill it).
    await page.getByLabel('Telegram contact').fill('@e2e_standard');
    await page.getByLabel('Telegram contact').blur();
    await page.waitForSelector('input[name=contactTelegram][data-check=valid]');
    await page.locator('input[name=amlAcknowledged]').check();
    await showsToast(page, 'Individual request submitted', () =>
      page.getByRole('button', { name: 'Submit request' }).click(),
    );
    await page.waitForURL(
      (url) => /\/applications\/[0-9a-f-]{36}$/.test(url.pathname) && url.href !== standardOrder,
    );

    await page.locator('.site-header .avatar-link').click();
    await page.waitForSelector('.my-applications tbody tr');
    const rows = page.locator('.my-applications tbody tr');
    expect(await rows.count()).toBe(2);
    const ids = await rows.locator('td').first().allTextContents();
    expect(ids.every((id) => id.trim().length === 8)).toBe(true);
    expect(await rows.filter({ hasText: 'Pending' }).count()).toBe(2);

    await rows
      .first()
      .getByRole('button', { name: /Cancel application/ })
      .click();
    await showsToast(page, 'cancelled', () =>
      page.locator('.toast--custom').getByRole('button', { name: 'Yes, cancel it' }).click(),
    );
    await page.waitForSelector('.my-applications tbody tr:first-child .badge:has-text("Cancelled")');
    expect(
      await rows
        .first()
        .getByRole('button', { name: /Cancel application/ })
        .count(),
    ).toBe(0);
  });

  it("keeps where a visitor came from (a monitor's link, a campaign, the referring site) and staff see it on the application", async () => {
    const client = await registerVerifiedUser('src');
    const page = await newPage({ language: 'en' });
    const click = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/visits' && response.request().method() === 'POST',
    );
    await page.goto(
      siteUrl('/?cur_from=CASHEUR&cur_to=USDTTRC20&city=MSK&utm_source=e2e&utm_campaign=spring'),
      { referer: 'https://www.bestchange.ru/cash-euro-to-tether-trc20.html' },
    );
    await waitForApp(page);
    await page.waitForFunction(() => localStorage.getItem('visitSource') !== null);
    // The arrival is counted as a click of its source, and the link chose its direction and city.
    expect(((await (await click).json()) as { data: unknown }).data).toEqual({ counted: true });
    const calculator = page.locator('.calc');
    await expect
      .poll(() => calculator.locator('select[name=city]').inputValue(), { timeout: 10_000 })
      .toBe('cis.russia.moscow');
    expect(await calculator.locator('select[name=assetFrom]').inputValue()).toBe('cash-EUR');
    expect(await calculator.locator('select[name=assetTo]').inputValue()).toBe('usdt-trc20');

    await openAs(page, client, '/apply');
    await page.getByRole('button', { name: 'Individual', exact: true }).click();
    await page.getByLabel('Details').fill('1000 EUR cash to USDT in Berlin');
    const contact = page.getByLabel('Telegram contact');
    await contact.fill('@e2e_source');
    await contact.blur();
    await page.waitForSelector('input[name=contactTelegram][data-check=valid]');
    await page.locator('input[name=amlAcknowledged]').check();
    await showsToast(page, 'Individual request submitted', () =>
      page.getByRole('button', { name: 'Submit request' }).click(),
    );

    const mine = await api<{ items: Array<{ id: string }> }>('GET', '/api/applications', {
      token: client.token,
    });
    const manager = await createManager();
    const detail = await api<{ source: unknown }>(
      'GET',
      `/api/admin/applications/${mine.body.data!.items[0]!.id}`,
      {
        token: manager.token,
      },
    );
    expect(detail.body.data!.source).toEqual({
      monitorFrom: 'CASHEUR',
      monitorTo: 'USDTTRC20',
      utmSource: 'e2e',
      utmCampaign: 'spring',
      referrer: 'www.bestchange.ru',
    });
  });

  it('shows the decimal rule and the contact shape in Russian before anything is submitted', async () => {
    const page = await newPage({ language: 'ru' });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/applications')
        posts.push(request.url());
    });
    await openAs(page, user, '/apply');
    await chooseFirst(page, 'continent');
    await chooseFirst(page, 'country');
    await chooseFirst(page, 'city');
    const amount = page.locator('input[name=amount]');
    await expect(amount.getAttribute('placeholder')).resolves.toBe('0,00');
    await amount.fill('1234,56789');
    await amount.blur();
    await page.getByText('Сумма может содержать не более 2 знаков после запятой.').waitFor();
    const contact = page.locator('input[name=contactTelegram]');
    await contact.fill('not a contact');
    await page.getByRole('button', { name: 'Отправить заявку' }).click();
    await page.getByText('Контакт Telegram должен быть именем пользователя или номером телефона.').waitFor();
    await expect(amount.getAttribute('aria-invalid')).resolves.toBe('true');
    expect(posts).toEqual([]);

    // A comma is a decimal separator: two decimals pass.
    await amount.fill('1234,56');
    await amount.blur();
    await expect(
      page.getByText('Сумма может содержать не более 2 знаков после запятой.').count(),
    ).resolves.toBe(0);
  });

  it('keeps a Telegram contact set in the profile and starts the apply form from it', async () => {
    const owner = await registerVerifiedUser('tg');
    const page = await newPage({ language: 'en' });
    await openAs(page, owner, '/profile');
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog');
    const field = dialog.getByLabel('Telegram contact');
    await field.fill('not a contact');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Telegram contact must be a username or a phone number.').waitFor();
    await field.fill('e2e_prefill');
    // Saving applies the account's language (ru, the default at registration) to the UI.
    await showsToast(page, 'Профиль успешно обновлён.', () =>
      dialog.getByRole('button', { name: 'Save' }).click(),
    );

    await openAs(page, owner, '/apply');
    await page.locator('input[name=contactTelegram]').waitFor();
    await expect(page.locator('input[name=contactTelegram]').inputValue()).resolves.toBe('@e2e_prefill');
  });

  it('keeps the pending application when the cancel confirmation is dismissed', async () => {
    await createApplication(user);
    const page = await newPage({ language: 'en' });
    await openAs(page, user, '/profile');
    const pending = page.locator('.my-applications tbody tr', { hasText: 'Pending' }).first();
    await pending.waitFor();

    await pending.getByRole('button', { name: /Cancel application/ }).click();
    await page.locator('.toast--custom').getByRole('button', { name: 'Keep it' }).click();

    expect(await pending.locator('.badge').textContent()).toBe('Pending');
  });
});

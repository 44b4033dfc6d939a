import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { submitStandardApplication } from '../support/admin-data';
import {
  logInAsSuperAdmin,
  openAs,
  registerVerifiedUser,
  type Session,
  waitForAdmin,
} from '../support/admin-session';
import { showsToast, useBrowser } from '../support/browser';

/** What an ADMIN changes in geo management and system settings changes the apply form. */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

let admin: Session;
let user: Session;
beforeAll(async () => {
  admin = await logInAsSuperAdmin();
  user = await registerVerifiedUser('geo');
});

afterAll(async () => {
  // Leave the shared table as the seed made it for the other e2e files.
  await api('PUT', '/api/admin/geo/toggle', {
    token: admin.token,
    body: { locationKey: 'europe.germany.hamburg', isActive: true },
  });
  await api('PUT', '/api/admin/geo/toggle', {
    token: admin.token,
    body: { locationKey: 'asia.thailand', isActive: true },
  });
  await api('PUT', '/api/admin/settings/minApplicationAmountUSD', {
    token: admin.token,
    body: { value: 100 },
  });
});

async function cityOptions(userSession: Session) {
  const page = await newPage({ language: 'en' });
  await openAs(page, userSession, '/apply');
  await page.getByLabel('Continent').selectOption({ label: 'Europe' });
  await page.getByLabel('Country').selectOption({ label: 'Germany' });
  // Berlin stays on in these tests: once it is listed, the list is Germany's, not an empty one.
  await page.getByLabel('City').locator('option', { hasText: 'Berlin' }).waitFor({ state: 'attached' });
  return page.getByLabel('City').locator('option').allTextContents();
}

describe('geo management and system settings', () => {
  it('hides a city switched off in geo management from the apply form', async () => {
    await expect(cityOptions(user)).resolves.toContain('Hamburg');
    const page = await newPage({ language: 'en' });
    await openAs(page, admin, '/admin/geo-management');
    await waitForAdmin(page);
    await page.getByRole('button', { name: 'Europe' }).click();
    await page.getByRole('button', { name: 'Germany' }).click();
    const hamburg = page.getByRole('switch', { name: 'Hamburg available' });
    await hamburg.click();
    await expect(hamburg.getAttribute('aria-checked')).resolves.toBe('false');
    await page.waitForLoadState('networkidle');

    await expect(cityOptions(user)).resolves.not.toContain('Hamburg');
  });

  it('switches the ancestors back on at once when a city is switched on', async () => {
    const page = await newPage({ language: 'en' });
    await openAs(page, admin, '/admin/geo-management');
    await waitForAdmin(page);
    await page.getByRole('button', { name: 'Asia' }).click();
    const thailand = page.getByRole('switch', { name: 'Thailand available' });
    await thailand.click();
    await expect(thailand.getAttribute('aria-checked')).resolves.toBe('false');
    await page.getByRole('button', { name: 'Thailand' }).click();
    const bangkok = page.getByRole('switch', { name: 'Bangkok available' });
    await expect(bangkok.getAttribute('aria-checked')).resolves.toBe('false');
    await bangkok.click();
    await expect(thailand.getAttribute('aria-checked')).resolves.toBe('true');
    await expect(bangkok.getAttribute('aria-checked')).resolves.toBe('true');
    await page.waitForLoadState('networkidle');
  });

  it('refuses an amount below a raised minimum and accepts it again once lowered', async () => {
    const page = await newPage({ language: 'en' });
    await openAs(page, admin, '/admin/system-settings');
    await waitForAdmin(page);
    const field = page.getByLabel('Minimum application amount, USD');
    await field.fill('-5');
    await page.getByText('The value must be a positive number.').waitFor();
    // Raised only just above the amount below, so other e2e files (submitting 1,500) run on unaffected.
    await field.fill('200');
    await showsToast(page, 'Setting saved.', () =>
      page.locator('form').filter({ has: field }).getByRole('button', { name: 'Save' }).click(),
    );

    const userPage = await newPage({ language: 'en' });
    await openAs(userPage, user, '/apply');
    const place = { continent: 'Europe', country: 'Germany', city: 'Berlin' };
    await submitStandardApplication(userPage, place, '150');
    await userPage
      .getByText(/minimum/i)
      .first()
      .waitFor();

    await field.fill('100');
    await showsToast(page, 'Setting saved.', () =>
      page.locator('form').filter({ has: field }).getByRole('button', { name: 'Save' }).click(),
    );
    await showsToast(userPage, 'Application submitted!', () =>
      userPage.getByRole('button', { name: 'Submit application' }).click(),
    );
  });
});

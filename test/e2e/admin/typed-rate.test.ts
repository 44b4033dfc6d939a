import type { DirectionRate, Quote, RatesData } from '@shared/contract/rates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { logInAsSuperAdmin, openAs, type Session } from '../support/admin-session';
import { useBrowser } from '../support/browser';

/**
 * The owner types a rate on the admin exchange-rates page, as staff do: the row says it is fixed,
 * by whom, and reads as typed, and a client's quote is exactly what that rate buys. Card KZT → USDT
 * (no other e2e file changes it) is put back as the seed made it.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

const PAIR = { assetFrom: 'card-KZT', assetTo: 'usdt-trc20' };
let admin: Session;
let seeded: DirectionRate;

beforeAll(async () => {
  admin = await logInAsSuperAdmin();
  const table = await api<RatesData>('GET', '/api/admin/rates', { token: admin.token });
  seeded = table.body.data!.directions.find(
    (d) => d.assetFrom === PAIR.assetFrom && d.assetTo === PAIR.assetTo,
  )!;
});

afterAll(async () => {
  await api('PUT', '/api/admin/rates', {
    token: admin.token,
    body: { directions: [{ ...PAIR, source: seeded.source, markupPercent: seeded.markupPercent }] },
  });
});

describe('a rate typed on the admin rates page', () => {
  it('is fixed as typed, says who fixed it, and is the rate a client is quoted', async () => {
    const page = await newPage({ language: 'en' });
    await openAs(page, admin, '/admin/exchange-rates');
    await page.locator('form.filters').getByLabel('Currency').selectOption('KZT');
    const row = page.locator('tr', { has: page.locator('th', { hasText: 'Card KZT → USDT' }) });
    await row.waitFor();

    await row.getByRole('button', { name: 'Edit Card KZT → USDT' }).click();
    const form = page.locator('tr.rate-edit-row');
    await form.getByLabel('Rate: 1 USDT =', { exact: true }).fill('512,50');
    await form.getByRole('button', { name: 'Save' }).click();

    const saved = page.locator('tr', { has: page.locator('th', { hasText: 'Card KZT → USDT' }) });
    await saved.getByText(/^Fixed, typed by /).waitFor();
    expect(await saved.getByText('1 USDT = 512.50 KZT').count()).toBe(1);
    const quote = await api<Quote>('POST', '/api/rates/calculate', { body: { ...PAIR, amount: 51_250 } });
    expect(quote.body.data).toMatchObject({ source: 'fixed', amountTo: 100 });
  });
});

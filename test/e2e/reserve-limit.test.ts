import type { ReservesData } from '@shared/contract/reserves';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { logInAsSuperAdmin, openAs, registerVerifiedUser, type Session } from './support/admin-session';
import { type Language, useBrowser } from './support/browser';

/**
 * A reserve limit in the apply form: with the office holding 150 GEL, the form shows
 * it as the most that can be received for USDT → cash GEL in Tbilisi before an amount is typed,
 * and refuses an amount whose payout is above it, with the text, in both languages, sending
 * nothing. This file alone changes GEL's reserve, and puts it back.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

let admin: Session;
let user: Session;
let seeded: { code: string; amount: number; alertLevel: number };

const putGel = (reserve: { amount: number; alertLevel: number }) =>
  api('PUT', '/api/admin/reserves', {
    token: admin.token,
    body: { reserves: [{ code: 'GEL', ...reserve }] },
  });

beforeAll(async () => {
  [admin, user] = await Promise.all([logInAsSuperAdmin(), registerVerifiedUser('rsv')]);
  const stored = await api<ReservesData>('GET', '/api/admin/reserves', { token: admin.token });
  const { code, amount, alertLevel } = stored.body.data!.reserves.find((reserve) => reserve.code === 'GEL')!;
  seeded = { code, amount, alertLevel };
  expect((await putGel({ amount: 150, alertLevel: 0 })).status).toBe(200);
});

afterAll(async () => {
  await putGel(seeded);
});

/** Picks an option once the select is enabled and holds it (the places load after the form). */
async function pick(page: Page, name: string, value: string) {
  await page.waitForFunction(
    ([field, wanted]) => {
      const select = document.querySelector<HTMLSelectElement>(`select[name=${field}]`);
      return select && !select.disabled && [...select.options].some((option) => option.value === wanted);
    },
    [name, value] as const,
  );
  await page.locator(`select[name=${name}]`).selectOption(value);
}

const TEXTS: Record<Language, { receiveAtMost: string; refusal: string; submit: string }> = {
  en: {
    receiveAtMost: 'Receive up to',
    refusal: 'The exchange can pay out at most 150 GEL now; lower the amount.',
    submit: 'Submit application',
  },
  ru: {
    receiveAtMost: 'Получить до',
    refusal: 'Сейчас обменник может выплатить не более 150 GEL — уменьшите сумму.',
    submit: 'Отправить заявку',
  },
};

describe('a reserve limit in the apply form', () => {
  it.each(['en', 'ru'] as const)(
    'shows the most that can be received and refuses an amount over the reserve (%s)',
    async (language) => {
      const text = TEXTS[language];
      const page = await newPage({ language });
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/applications')
          posts.push(request.url());
      });
      await openAs(page, user, '/apply');
      await pick(page, 'continent', 'cis');
      await pick(page, 'country', 'cis.georgia');
      await pick(page, 'city', 'cis.georgia.tbilisi');
      await pick(page, 'assetFrom', 'usdt-trc20');
      await pick(page, 'assetTo', 'cash-GEL');

      const panel = page.locator('section.quote');
      const mostReceived = panel.locator('dt', { hasText: text.receiveAtMost }).locator('xpath=../dd');
      await expect.poll(() => mostReceived.textContent(), { timeout: 20_000 }).toBe('150 GEL');

      const amount = page.locator('input[name=amount]');
      await amount.fill('500');
      await panel.getByRole('alert').filter({ hasText: text.refusal }).waitFor();
      const contact = page.getByLabel('Telegram');
      await contact.fill('@reserve_e2e');
      // As a client would, tick the box once the contact's check has answered: its answer adds the
      // bot's line above the box, which moved it under a click in flight once.
      await contact.blur();
      await page.waitForSelector('input[name=contactTelegram][data-check=valid]');
      await page.locator('input[name=amlAcknowledged]').check();
      await page.getByRole('button', { name: text.submit }).click();
      await page.locator('.field__error', { hasText: text.refusal }).waitFor();
      await expect(amount.getAttribute('aria-invalid')).resolves.toBe('true');
      expect(posts).toEqual([]);
    },
  );
});

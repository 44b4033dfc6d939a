import { randomBytes } from 'node:crypto';
import { postToTronStandIn } from '@infra/local/tron-stand-in';
import { tronAddressOfAccount } from '@shared/tron-address';
import type adminEn from '@web/locales/en/admin.json';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { showsToast } from './browser';

/** Steps the deal tests take through the API, the TronGrid stand-in and the deal panel, named once. */

/** An API answer that must be 200; anything else fails the setup step with what the server said. */
export async function ok<T extends { status: number; body: unknown }>(
  answer: Promise<T>,
  what: string,
): Promise<T> {
  const settled = await answer;
  if (settled.status !== 200) throw new Error(`${what}: ${settled.status} ${JSON.stringify(settled.body)}`);
  return settled;
}

/** An address of the test's own: 0x41 and 20 random bytes, base58check. */
export const newTronAddress = () => tronAddressOfAccount(randomBytes(20));

/** The stack's TronGrid stand-in, its test-only calls (infra/local/tron-stand-in.ts) included. */
export const tronStandIn = (path: string, body: unknown = {}) =>
  postToTronStandIn(inject('localStack').tronApiUrl, path, body);

export const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A name matched whole, as a button or dialog shows it. */
export const exact = (text: string) => new RegExp(`^${literal(text)}$`);
/** A locale text with its {{placeholders}} filled. */
export const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/**
 * A deal action from its button, through its dialog: `dialog` to fill it in, `submit` to send it
 * and wait until the dialog is gone on the server's answer and the page has shown `done`, its notice.
 */
export async function act(page: Page, button: string, dialogTitle: string, submit: string, done: string) {
  await page.getByRole('button', { name: exact(button) }).click();
  const dialog = page.getByRole('dialog', { name: exact(dialogTitle) });
  await dialog.waitFor();
  return {
    dialog,
    submit: () =>
      showsToast(page, done, async () => {
        await dialog.getByRole('button', { name: exact(submit) }).click();
        // The dialog closes only on the server's yes; when it stays, what it says is the failure.
        await dialog.waitFor({ state: 'detached' }).catch(async (error: Error) => {
          const says = await dialog.textContent({ timeout: 1000 }).catch(() => '');
          const toasts = await page.evaluate(() => window.toastsShown?.slice(-3));
          throw new Error(`${error.message}\nThe dialog still says: ${says}\nLast toasts: ${toasts}`);
        });
      }),
  };
}

/** The deal panel's texts in one language (`applications.deal` of the admin locale). */
export type DealTexts = typeof adminEn.applications.deal;

/** The panel's "Confirm payment" dialog for deal `id`, open: its amount to type, then `submit`. */
export const confirmPaymentDialog = (page: Page, deal: DealTexts, id: string) =>
  act(
    page,
    deal.actions.confirmPayment,
    fill(deal.confirm.title, { id: id.slice(0, 12) }),
    deal.confirm.submit,
    deal.confirmed,
  );

/**
 * The deal's payment window ran out: the payment expiry job's move, made on it alone in this
 * process against the e2e table, as Lambda would (the caller has imported support/integration-env).
 */
export async function expireDeal(id: string) {
  const { findApplication } = await import('@functions/data/applications');
  const { perform, SYSTEM_ACTOR } = await import('@functions/domain/applications/perform');
  const application = (await findApplication(id))!;
  const after = new Date(Date.parse(application.paymentDeadline!) + 1000);
  await perform({ move: 'expirePayment', application, actor: SYSTEM_ACTOR, write: {} }, after);
}

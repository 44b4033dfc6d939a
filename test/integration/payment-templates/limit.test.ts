import type { UserRecord } from '@functions/data/users';
import { MAX_PAYMENT_TEMPLATES } from '@shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from '../../support/refusals';
import { createIsolatedTable, putUser } from '../applications/isolated-table';

/**
 * The cap on payment templates (MAX_PAYMENT_TEMPLATES) on a table of this file's own: filling the
 * shared table would refuse the other files' templates. functions/ modules are imported only after
 * `createIsolatedTable`.
 */
let drop: () => Promise<void>;
let templates: typeof import('@functions/domain/payment-templates/templates');
let admin: UserRecord;

beforeAll(async () => {
  drop = await createIsolatedTable('templates');
  templates = await import('@functions/domain/payment-templates/templates');
  admin = await putUser({ role: 'ADMIN' });
});

afterAll(async () => {
  await drop();
});

const wallet = (n: number) => ({
  kind: 'usdt' as const,
  label: `Wallet ${n}`,
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
});

describe('the number of payment templates', () => {
  it(`stops at ${MAX_PAYMENT_TEMPLATES}, and takes one more once one is deleted`, {
    timeout: 120_000,
  }, async () => {
    const actor = { id: admin.id, role: 'ADMIN' as const };
    for (let start = 0; start < MAX_PAYMENT_TEMPLATES; start += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, MAX_PAYMENT_TEMPLATES - start) }, (_, i) =>
          templates.createPaymentTemplate(wallet(start + i), actor),
        ),
      );
    }
    const all = (await templates.listPaymentTemplates()).templates;
    expect(all).toHaveLength(MAX_PAYMENT_TEMPLATES);

    const refused = await refusal(templates.createPaymentTemplate(wallet(MAX_PAYMENT_TEMPLATES), actor));
    expect(refused).toMatchObject({
      status: 409,
      code: 'TooManyPaymentTemplates',
      params: { limit: MAX_PAYMENT_TEMPLATES },
    });

    await templates.deletePaymentTemplate(all[0]!.id, actor);
    const another = await templates.createPaymentTemplate(wallet(MAX_PAYMENT_TEMPLATES), actor);
    expect((await templates.listPaymentTemplates()).templates.map((template) => template.id)).toContain(
      another.id,
    );
  });
});

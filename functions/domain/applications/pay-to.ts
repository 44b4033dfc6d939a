import { listPaymentTemplates, type PaymentTemplateRecord } from '@functions/data/payment-templates';
import { parseAssetKey } from '@shared/assets';
import type { OfficePlace, PayTo } from '@shared/contract/deal';

/**
 * What the client is told to pay into, beside the instructions' text (docs/product.md §4 "The
 * deal"): copied from the template when they are issued, so a later edit of the template never
 * changes what a client was told.
 */
export function payToOf(template: PaymentTemplateRecord | null): PayTo | null {
  if (template?.kind === 'card')
    return { kind: 'card', number: template.number, bank: template.bank, holder: template.holder };
  if (template?.kind === 'office') return { kind: 'office', ...officePlace(template) };
  return null;
}

function officePlace(template: PaymentTemplateRecord & { kind: 'office' }): OfficePlace {
  return { label: template.label, address: template.details, city: template.city };
}

/**
 * Where a client paid out in cash collects it: the office template of the application's city (the
 * first by name when the city has several), or null when the payout is not cash or the city has no
 * office saved (the instructions' text then says where).
 */
export async function collectOfficeOf(application: {
  assetTo: string | null;
  city: string | null;
}): Promise<OfficePlace | null> {
  const payout = application.assetTo ? parseAssetKey(application.assetTo) : null;
  if (payout?.kind !== 'fiat' || payout.fiatKind !== 'cash' || !application.city) return null;
  const offices = (await listPaymentTemplates())
    .filter(
      (template): template is PaymentTemplateRecord & { kind: 'office' } =>
        template.kind === 'office' && template.city === application.city,
    )
    .sort((a, b) => a.label.localeCompare(b.label));
  return offices[0] ? officePlace(offices[0]) : null;
}

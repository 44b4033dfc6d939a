import type { PaymentTemplateView } from '@shared/contract/payment-templates';
import { useTranslation } from '@web/lib/i18n';

/**
 * What a template is for, in one line: the card's currency, the office's city (its name in the UI
 * language where the tree knows it), or that it is a USDT TRC-20 address.
 */
export function TemplateFor({
  template,
  cityName,
}: {
  template: PaymentTemplateView;
  cityName: (key: string) => string;
}) {
  const { t } = useTranslation('admin');
  if (template.kind === 'card') return <>{t('payments.for.card', { currency: template.currency })}</>;
  if (template.kind === 'office') return <>{t('payments.for.office', { city: cityName(template.city) })}</>;
  return <>{t('payments.for.usdt')}</>;
}

/**
 * The text the template starts instructions with: its details (their line breaks kept), or the
 * address (kept whole, it wraps). Phrasing content only, so it may sit inside the picker's buttons.
 */
export function TemplateBody({ template }: { template: PaymentTemplateView }) {
  return template.kind === 'usdt' ? (
    <code className="template-body template-body--address">{template.address}</code>
  ) : (
    <span className="template-body">{template.details}</span>
  );
}

import { assetLabel, DIRECTION_SEPARATOR } from '@shared/assets';
import type { Language } from '@shared/enums';
import { useTranslation } from '@web/lib/i18n';
import { collator, numberFormat } from '@web/lib/intl-format';

const LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-GB' };

interface Shares {
  profitPercent: number;
  volumePercent: number;
}

/**
 * How the partners page names terms and directions in the UI language: `30% of profit, 0.5% of
 * volume`; `Card RUB → USDT (TRC-20)` for `card-RUB→usdt-trc20` (the assets' labels, as the rates
 * and the staff scope show them), an unknown key as it is.
 */
export function usePartnerTexts() {
  const { t, language } = useTranslation('admin');
  const kinds = { cash: t('assets.cash'), card: t('assets.card') };
  const percent = (value: number) =>
    numberFormat(LOCALES[language], { style: 'unit', unit: 'percent', maximumFractionDigits: 4 }).format(
      value,
    );
  const directionName = (key: string) => {
    const [from, to] = key.split(DIRECTION_SEPARATOR);
    return from && to ? `${assetLabel(from, kinds)} → ${assetLabel(to, kinds)}` : key;
  };
  return {
    share: (terms: Shares) =>
      t('partners.share', { profit: percent(terms.profitPercent), volume: percent(terms.volumePercent) }),
    directionName,
    /** Every direction key given, by name in the UI language. */
    byName: (keys: readonly string[]) =>
      keys
        .map((key) => ({ value: key, label: directionName(key) }))
        .sort((a, b) => collator(language).compare(a.label, b.label)),
  };
}

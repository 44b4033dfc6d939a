import { assetLabel, USDT_DECIMALS } from '@shared/assets';
import type { Language } from '@shared/enums';
import { rateText, writeMoney } from '@shared/rate-display';
import { useTranslation } from './i18n';
import { dateTimeFormat, numberFormat } from './intl-format';

/**
 * How quotes and published rates read in the UI language (docs/decisions.md "Numbers in texts"):
 * the apply form's quote, the landing page's calculator and the rates page write them alike.
 */
const LOCALES: Record<Language, string> = { ru: 'ru-RU', en: 'en-US' };

/**
 * A direction's rate as every screen writes it, so it reads alike everywhere: the expensive
 * currency as the unit, `1 USDT = 96,94 RUB` in both directions (shared/rate-display.ts); `—`
 * without a rate.
 */
export function formatRate(
  assetFrom: string,
  assetTo: string,
  rate: number | null | undefined,
  language: Language,
): string {
  return rateText(assetFrom, assetTo, rate, language) ?? '—';
}

/**
 * Amounts of money in quotes and lists, fiat and USDT alike: `1 500`, `847,10` / `847.10` (the
 * shown decimals, none for a whole amount), cut rather than rounded, so a figure never shows more
 * than there is (an application of before the quotes rounded to them keeps six USDT decimals).
 * The server's mails and notifications write amounts with the same function (shared `writeMoney`),
 * so one application's figures read alike everywhere.
 */
export function formatMoney(value: number, language: Language): string {
  return writeMoney(value, language);
}

/**
 * An exact amount of a deal's money (a decimal string: what arrived, what is missing) with its
 * currency: fiat as every screen writes money, USDT to every decimal it has, since a unique amount
 * or a shortfall of 0.0037 USDT must not read as a round figure.
 */
export function formatDealAmount(amount: string, currency: string | null, language: Language): string {
  const figure =
    currency === 'USDT'
      ? numberFormat(LOCALES[language], { maximumFractionDigits: USDT_DECIMALS }).format(
          amount as Intl.StringNumericLiteral,
        )
      : writeMoney(amount, language);
  return currency ? `${figure} ${currency}` : figure;
}

/** When a rate was last set or confirmed: the time alone today, the date and time before. */
export function formatRateTime(iso: string, language: Language, now = new Date()): string {
  const at = new Date(iso);
  const today = at.toDateString() === now.toDateString();
  return dateTimeFormat(
    LOCALES[language],
    today ? { timeStyle: 'short' } : { dateStyle: 'short', timeStyle: 'short' },
  ).format(at);
}

/** `Cash USD`, `Наличные EUR`, `USDT (TRC-20)`: an asset's label in the UI language. */
export function useAssetLabel(): (key: string) => string {
  const { t } = useTranslation('common');
  return (key) => assetLabel(key, { cash: t('assets.cash'), card: t('assets.card') });
}

/** `500 Card EUR`, `847,1 USDT (TRC-20)`: one side of an application to a client; `—` without its asset. */
export function useSideText(): (amount: number | null, asset: string | null) => string {
  const { language } = useTranslation('common');
  const label = useAssetLabel();
  return (amount, asset) =>
    asset ? `${amount === null ? '' : `${formatMoney(amount, language)} `}${label(asset)}` : '—';
}

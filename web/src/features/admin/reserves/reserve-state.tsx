import { BASE_FIAT_CURRENCIES } from '@shared/constants';
import type { ReserveView } from '@shared/contract/reserves';
import { Badge } from '@web/components/ui/badge';
import { useTranslation } from '@web/lib/i18n';
import { formatDateTime } from '../lib/format';

/** Whether a reserve is below its alert level (and since when staff know), or fine. */
export function ReserveState({ reserve }: { reserve: ReserveView }) {
  const { t, language } = useTranslation('admin');
  if (!reserve.belowAlert) return <Badge tone="success">{t('reserves.state.ok')}</Badge>;
  return (
    <>
      <Badge tone="danger">{t('reserves.state.below')}</Badge>
      {reserve.alertedAt && (
        <div className="cell-note">
          {t('reserves.state.alerted', { when: formatDateTime(reserve.alertedAt, language) })}
        </div>
      )}
    </>
  );
}

/** The currencies most applications pay out or take in, shown before the countries' own. */
const MAIN_CURRENCIES = ['USDT', ...BASE_FIAT_CURRENCIES];

/** Reserves below their alert level first, then USDT, USD, EUR and RUB, then by currency code. */
export function reservesInOrder(reserves: ReserveView[]): ReserveView[] {
  const rank = (code: string) => {
    const index = MAIN_CURRENCIES.indexOf(code);
    return index === -1 ? MAIN_CURRENCIES.length : index;
  };
  return [...reserves].sort(
    (a, b) =>
      Number(b.belowAlert) - Number(a.belowAlert) ||
      rank(a.code) - rank(b.code) ||
      a.code.localeCompare(b.code),
  );
}

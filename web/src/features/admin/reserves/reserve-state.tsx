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

/** Reserves below their alert level first, then by currency code. */
export function belowAlertFirst(reserves: ReserveView[]): ReserveView[] {
  return [...reserves].sort(
    (a, b) => Number(b.belowAlert) - Number(a.belowAlert) || a.code.localeCompare(b.code),
  );
}

import { zoneName } from '@shared/business-time';
import { useTranslation } from '@web/lib/i18n';

/** The zone the books' days and times are in, and whether it is the business's or only the browser's. */
export interface LedgerZone {
  timeZone: string;
  /** The server named it (the setting businessTimeZone); false: the browser's own, as a fallback. */
  named: boolean;
}

/** Says which zone the times shown are in: the business's, or, where the server named none, the browser's. */
export function ZoneNote({ zone }: { zone: LedgerZone }) {
  const { t, language } = useTranslation('admin');
  const name = zoneName(new Date(), zone.timeZone, language);
  return (
    <span className="muted">
      {zone.named ? t('ledger.zone', { zone: name }) : t('ledger.zoneBrowser', { zone: name })}
    </span>
  );
}

import { APPLICATION_STATUSES } from '@shared/enums';
import { Badge } from '@web/components/ui/badge';
import { statusBadgeTone } from '@web/components/ui/status-tone';
import { useTranslation } from '@web/lib/i18n';

/** A status with its colour. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  return <Badge tone={statusBadgeTone(status)}>{statusLabel(t, status)}</Badge>;
}

export function statusLabel(t: (key: string) => string, status: string): string {
  return (APPLICATION_STATUSES as readonly string[]).includes(status)
    ? t(`statuses.${status}`)
    : t('statuses.unknown');
}

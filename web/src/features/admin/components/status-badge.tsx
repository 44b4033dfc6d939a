import { APPLICATION_STATUSES, type StatusTone, statusTone } from '../../../../../shared/enums';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { useTranslation } from '../../../lib/i18n';

const BADGE_TONES: Record<StatusTone, BadgeTone> = {
  pending: 'warning',
  progress: 'info',
  success: 'success',
  danger: 'danger',
  neutral: 'neutral',
  unknown: 'neutral',
};

/** A status with its colour (spec §4: display-only statuses grouped with in progress or rejected). */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  return <Badge tone={BADGE_TONES[statusTone(status)]}>{statusLabel(t, status)}</Badge>;
}

export function statusLabel(t: (key: string) => string, status: string): string {
  return (APPLICATION_STATUSES as readonly string[]).includes(status)
    ? t(`statuses.${status}`)
    : t('statuses.unknown');
}

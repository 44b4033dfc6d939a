import type { AdminApplicationDetail } from '@shared/contract/applications';
import { useTranslation } from '@web/lib/i18n';
import { ModalSection } from '../components/modal-section';
import { statusLabel } from '../components/status-badge';
import { formatDateTime } from '../lib/format';

/** Who moved the application from which status to which, and when. */
export function StatusHistory({ application }: { application: AdminApplicationDetail }) {
  const { t, language } = useTranslation('admin');
  return (
    <ModalSection id="history-title" title={t('applications.detail.history')}>
      {application.history.length === 0 ? (
        <p className="muted">{t('applications.detail.noHistory')}</p>
      ) : (
        <ol className="timeline">
          {application.history.map((entry) => (
            <li key={`${entry.at}-${entry.to}`}>
              <span className="timeline__when">{formatDateTime(entry.at, language)}</span>{' '}
              {entry.from ? `${statusLabel(t, entry.from)} → ` : ''}
              <strong>{statusLabel(t, entry.to)}</strong>{' '}
              <span className="muted">
                (
                {entry.actorRole === 'SYSTEM'
                  ? t('applications.detail.system')
                  : t(`roles.${entry.actorRole}`)}
                )
              </span>
              {entry.reason && <span className="timeline__diff">{entry.reason}</span>}
            </li>
          ))}
        </ol>
      )}
    </ModalSection>
  );
}

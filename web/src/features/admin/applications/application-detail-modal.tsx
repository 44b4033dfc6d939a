import { ADMIN_APPLICATION_ID_DISPLAY_LENGTH } from '@shared/constants';
import type { AdminApplicationView, ExpiredQuote } from '@shared/contract/applications';
import type { StaffSettableStatus } from '@shared/enums';
import { shortId } from '@shared/ids';
import { Alert } from '@web/components/ui/alert';
import { useTranslation } from '@web/lib/i18n';
import { adminApi } from '../api/admin-api';
import { DetailModal } from '../components/detail-modal';
import { useStaff } from '../components/staff-context';
import { useResource } from '../hooks/use-resource';
import { AdminNote, Assignment } from './application-details-form';
import { ApplicationFacts } from './application-facts';
import { StatusHistory } from './status-history';
import { StatusSelect } from './status-select';

interface ApplicationDetailModalProps {
  applicationId: string;
  onClose: () => void;
  onChanged: (row: AdminApplicationView) => void;
  onStatus: (
    row: AdminApplicationView,
    status: StaffSettableStatus,
    reason?: string,
    acceptExpiredQuote?: true,
  ) => Promise<ExpiredQuote | null>;
}

/** Every field, the status history, assignment to a manager and the admin note (docs/product.md §2). */
export function ApplicationDetailModal({
  applicationId,
  onClose,
  onChanged,
  onStatus,
}: ApplicationDetailModalProps) {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  const detail = useResource((signal) => adminApi.application(applicationId, signal), [applicationId]);
  const changed = (row: AdminApplicationView) => {
    onChanged(row);
    detail.reload();
  };
  return (
    <DetailModal
      title={t('applications.detail.title', {
        id: shortId(applicationId, ADMIN_APPLICATION_ID_DISPLAY_LENGTH),
      })}
      detail={detail}
      errorTitle={t('applications.detail.loadError')}
      onClose={onClose}
    >
      {(application) => {
        const own = application.userId === staff.id;
        return (
          <>
            {own && <Alert tone="info">{t('applications.own.long')}</Alert>}
            <div className="detail-status">
              <span className="detail-status__label">{t('applications.columns.status')}</span>
              <StatusSelect
                applicationId={application.id}
                status={application.status}
                own={own}
                onChange={async (status, reason, accept) => {
                  const expired = await onStatus(application, status, reason, accept);
                  if (!expired) detail.reload();
                  return expired;
                }}
              />
            </div>
            <ApplicationFacts application={application} />
            <div className="detail-grid">
              <Assignment application={application} locked={own} onChanged={changed} />
              <AdminNote application={application} locked={own} onChanged={changed} />
            </div>
            <StatusHistory application={application} />
          </>
        );
      }}
    </DetailModal>
  );
}

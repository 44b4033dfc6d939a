import { ADMIN_APPLICATION_ID_DISPLAY_LENGTH } from '@shared/constants';
import type {
  AdminApplicationDetail,
  AdminApplicationView,
  ExpiredQuote,
} from '@shared/contract/applications';
import type { StaffSettableStatus } from '@shared/enums';
import { shortId } from '@shared/ids';
import { ApplicationThread } from '@web/components/thread/application-thread';
import { Alert } from '@web/components/ui/alert';
import { useTranslation } from '@web/lib/i18n';
import { useLiveNotices, usePollWhileNotLive } from '@web/lib/live/use-live-notices';
import { useResource } from '@web/lib/use-resource';
import { useEffect } from 'react';
import { adminApi } from '../api/admin-api';
import { ObjectTrail } from '../audit/object-trail';
import { DetailModal } from '../components/detail-modal';
import { ModalSection } from '../components/modal-section';
import { useStaff } from '../components/staff-context';
import { ADMIN_POLL_MS, DETAIL_NOTICES, rememberAssignees } from '../live/admin-live';
import { AdminNote, Assignment } from './application-details-form';
import { ApplicationFacts } from './application-facts';
import { DealPanel } from './deal-panel';
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

/**
 * Every field, the deal (instructions, payout details, payments, payout, refund and the staff actions
 * the lifecycle allows now), the timeline, the thread with the client, assignment to a manager and the
 * admin note (docs/product.md §2).
 */
export function ApplicationDetailModal({
  applicationId,
  onClose,
  onChanged,
  onStatus,
}: ApplicationDetailModalProps) {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  const detail = useResource((signal) => adminApi.application(applicationId, signal), [applicationId]);
  // Live: a change to it (by the client, another staff member or the system) reads it again (the
  // list reads its row for the same notice); polled only while reconnecting.
  const liveState = useLiveNotices({ types: DETAIL_NOTICES, id: applicationId }, detail.reload);
  usePollWhileNotLive(liveState, detail.reload, ADMIN_POLL_MS, { pollWhenOff: false });
  useEffect(() => {
    if (detail.data) rememberAssignees([detail.data]);
  }, [detail.data]);
  const changed = (row: AdminApplicationView) => {
    onChanged(row);
    detail.reload();
  };
  /**
   * A deal call answered the detail as it now is: shown at once (a load under way is dropped), so a
   * second payout's dialog opens on what is left after the first, and the list's row follows.
   */
  const dealDone = (next: AdminApplicationDetail) => {
    onChanged(next);
    detail.settle(next);
  };
  /** A deal call was refused (the deal moved meanwhile…): read it again, for the detail and the row. */
  const dealRefused = () => {
    adminApi.application(applicationId).then((fresh) => {
      onChanged(fresh);
      detail.setData(() => fresh);
    }, detail.reload);
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
                amounts={application}
                onChange={async (status, reason, accept) => {
                  const expired = await onStatus(application, status, reason, accept);
                  if (!expired) detail.reload();
                  return expired;
                }}
              />
            </div>
            <ApplicationFacts application={application} />
            <DealPanel
              application={application}
              locked={own}
              onDone={dealDone}
              onRefused={dealRefused}
              onStatus={async (status, reason, accept) => {
                const expired = await onStatus(application, status, reason, accept);
                if (!expired) detail.reload();
                return expired;
              }}
            />
            <div className="detail-grid">
              <Assignment application={application} locked={own} onChanged={changed} />
              <AdminNote application={application} locked={own} onChanged={changed} />
            </div>
            <StatusHistory application={application} />
            <ObjectTrail type="application" id={application.id} />
            <ModalSection id="thread-title" title={t('applications.detail.thread')}>
              <ApplicationThread
                applicationId={application.id}
                side="staff"
                // Read: the row's unread badge clears (the server's count is 0 now).
                onRead={() => {
                  if (application.unreadMessages > 0) onChanged({ ...application, unreadMessages: 0 });
                }}
              />
            </ModalSection>
          </>
        );
      }}
    </DetailModal>
  );
}

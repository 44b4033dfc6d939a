import { type ReactNode, useEffect, useState } from 'react';
import { ADMIN_APPLICATION_ID_DISPLAY_LENGTH } from '../../../../../shared/constants';
import type {
  AdminApplicationDetail,
  AdminApplicationView,
} from '../../../../../shared/contract/applications';
import { ADMIN_NOTE_MAX_LENGTH } from '../../../../../shared/contract/applications';
import type { StaffSettableStatus } from '../../../../../shared/enums';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { adminApi } from '../api/admin-api';
import { InlineLoading, LoadError } from '../components/load-state';
import { statusLabel } from '../components/status-badge';
import { useGeoNames } from '../hooks/use-geo-names';
import { useResource } from '../hooks/use-resource';
import { formatAmount, formatDateTime, formatNumber, shortId } from '../lib/format';
import { notify } from '../lib/notify';
import { StatusSelect } from './status-select';

interface ApplicationDetailModalProps {
  applicationId: string;
  onClose: () => void;
  onChanged: (row: AdminApplicationView) => void;
  onStatus: (row: AdminApplicationView, status: StaffSettableStatus, reason?: string) => Promise<void>;
}

/** Every field, the status history, assignment to a manager and the admin note (spec §2). */
export function ApplicationDetailModal({
  applicationId,
  onClose,
  onChanged,
  onStatus,
}: ApplicationDetailModalProps) {
  const { t } = useTranslation('admin');
  const detail = useResource((signal) => adminApi.application(applicationId, signal), [applicationId]);
  const application = detail.data;
  const changed = (row: AdminApplicationView) => {
    onChanged(row);
    detail.reload();
  };
  return (
    <Modal
      open
      title={t('applications.detail.title', {
        id: shortId(applicationId, ADMIN_APPLICATION_ID_DISPLAY_LENGTH),
      })}
      onClose={onClose}
    >
      <div className="modal-wide">
        {detail.error ? (
          <LoadError
            title={t('applications.detail.loadError')}
            error={detail.error}
            onRetry={detail.reload}
          />
        ) : !application ? (
          <InlineLoading />
        ) : (
          <>
            <div className="detail-status">
              <span className="detail-status__label">{t('applications.columns.status')}</span>
              <StatusSelect
                applicationId={application.id}
                status={application.status}
                onChange={async (status, reason) => {
                  await onStatus(application, status, reason);
                  detail.reload();
                }}
              />
            </div>
            <ApplicationFacts application={application} />
            <div className="detail-grid">
              <Assignment application={application} onChanged={changed} />
              <AdminNote application={application} onChanged={changed} />
            </div>
            <StatusHistory application={application} />
            <div className="modal__footer">
              <Button onClick={onClose}>{t('common.close')}</Button>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}

function ApplicationFacts({ application: a }: { application: AdminApplicationDetail }) {
  const { t, language } = useTranslation('admin');
  const kinds = { cash: t('assets.cash'), card: t('assets.card') };
  const placeName = useGeoNames(language);
  const facts: Array<[string, ReactNode]> = [
    [
      t('applications.detail.id'),
      <span key="id" className="mono">
        {a.id}
      </span>,
    ],
    [t('applications.detail.type'), t(`applications.type.${a.requestType}`)],
    [t('applications.detail.created'), formatDateTime(a.createdAt, language)],
    [t('applications.detail.updated'), formatDateTime(a.updatedAt, language)],
    [t('applications.columns.user'), a.user?.email ?? '—'],
    [t('applications.detail.userTelegram'), a.user?.telegramId ?? '—'],
    [t('applications.columns.telegram'), a.contactData.telegram],
  ];
  if (a.requestType === 'STANDARD') {
    facts.push(
      [
        t('applications.detail.location'),
        [placeName(a.city), placeName(a.country), placeName(a.continent)].filter(Boolean).join(', '),
      ],
      [t('applications.columns.gives'), formatAmount(a.amountFrom, a.assetFrom, language, kinds)],
      [t('applications.columns.receives'), formatAmount(a.amountTo, a.assetTo, language, kinds)],
      [
        t('applications.detail.amountUSD'),
        a.amountUSD === null ? '—' : `${formatNumber(a.amountUSD, language)} USD`,
      ],
      [
        t('applications.detail.rate'),
        a.rate
          ? `${formatNumber(a.rate.rate, language, 6)} (${formatNumber(a.rate.markupPercent, language)} %)`
          : '—',
      ],
      [t('applications.detail.originFunds'), a.originFunds ?? '—'],
    );
  } else {
    facts.push([
      t('applications.columns.details'),
      <span key="details" className="pre-wrap">
        {a.details ?? '—'}
      </span>,
    ]);
  }
  if (a.rejectionReason) facts.push([t('applications.detail.rejectionReason'), a.rejectionReason]);
  return (
    <dl className="facts">
      {facts.map(([term, value]) => (
        <div key={term} className="facts__item">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Assignment({
  application,
  onChanged,
}: {
  application: AdminApplicationDetail;
  onChanged: (row: AdminApplicationView) => void;
}) {
  const { t } = useTranslation('admin');
  const managers = useResource((signal) => adminApi.managers(signal), []);
  const [assignee, setAssignee] = useState(application.assignedToId ?? '');
  const [saving, setSaving] = useState(false);
  useEffect(() => setAssignee(application.assignedToId ?? ''), [application.assignedToId]);

  const save = async () => {
    setSaving(true);
    try {
      const answer = await adminApi.updateDetails(application.id, { assignedToId: assignee || null });
      notify.success(assignee ? t('applications.detail.assigned') : t('applications.detail.unassignedDone'));
      onChanged(answer.data?.id ? answer.data : { ...application, assignedToId: assignee || null });
    } catch (error) {
      notify.error(errorMessage(error, t('common.updateFailed')));
    } finally {
      setSaving(false);
    }
  };

  const options = (managers.data ?? []).map((manager) => ({
    value: manager.id,
    label: manager.username ? `${manager.username} (${manager.email})` : manager.email,
  }));
  // The current assignee stays selectable even if no longer in the list (deactivated since).
  if (application.assignedToId && !options.some((option) => option.value === application.assignedToId)) {
    options.unshift({
      value: application.assignedToId,
      label: application.assignedTo ?? application.assignedToId,
    });
  }
  return (
    <section className="modal-section" aria-labelledby="assignment-title">
      <h3 id="assignment-title">{t('applications.detail.assignment')}</h3>
      {managers.error ? (
        <LoadError
          title={t('applications.detail.managersError')}
          error={managers.error}
          onRetry={managers.reload}
        />
      ) : (
        <div className="stack stack--tight">
          <SelectField
            label={t('applications.detail.assignee')}
            value={assignee}
            placeholder={t('applications.detail.unassigned')}
            options={options}
            disabled={managers.loading}
            onChange={(event) => setAssignee(event.target.value)}
          />
          <div>
            <Button
              size="sm"
              onClick={save}
              loading={saving}
              disabled={assignee === (application.assignedToId ?? '')}
            >
              {t('applications.detail.saveAssignment')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

function AdminNote({
  application,
  onChanged,
}: {
  application: AdminApplicationDetail;
  onChanged: (row: AdminApplicationView) => void;
}) {
  const { t } = useTranslation('admin');
  const [note, setNote] = useState(application.adminNote ?? '');
  const [saving, setSaving] = useState(false);
  useEffect(() => setNote(application.adminNote ?? ''), [application.adminNote]);

  const save = async () => {
    setSaving(true);
    try {
      const adminNote = note.trim() || null;
      const answer = await adminApi.updateDetails(application.id, { adminNote });
      notify.success(t('applications.detail.noteSaved'));
      onChanged(answer.data?.id ? answer.data : { ...application, adminNote });
    } catch (error) {
      notify.error(errorMessage(error, t('common.updateFailed')));
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="modal-section" aria-labelledby="note-title">
      <h3 id="note-title">{t('applications.detail.note')}</h3>
      <div className="stack stack--tight">
        <TextAreaField
          label={t('applications.detail.noteLabel')}
          value={note}
          rows={3}
          maxLength={ADMIN_NOTE_MAX_LENGTH}
          onChange={(event) => setNote(event.target.value)}
        />
        <div>
          <Button
            size="sm"
            onClick={save}
            loading={saving}
            disabled={note.trim() === (application.adminNote ?? '')}
          >
            {t('applications.detail.saveNote')}
          </Button>
        </div>
      </div>
    </section>
  );
}

function StatusHistory({ application }: { application: AdminApplicationDetail }) {
  const { t, language } = useTranslation('admin');
  return (
    <section className="modal-section" aria-labelledby="history-title">
      <h3 id="history-title">{t('applications.detail.history')}</h3>
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
    </section>
  );
}

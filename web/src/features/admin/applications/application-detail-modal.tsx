import { ADMIN_APPLICATION_ID_DISPLAY_LENGTH } from '@shared/constants';
import type { AdminApplicationDetail, AdminApplicationView } from '@shared/contract/applications';
import { ADMIN_NOTE_MAX_LENGTH, type UpdateDetailsBody } from '@shared/contract/applications';
import type { StaffSettableStatus } from '@shared/enums';
import { shortId } from '@shared/ids';
import { Button } from '@web/components/ui/button';
import { SelectField, TextAreaField } from '@web/components/ui/field';
import { usePlaceNames } from '@web/lib/geo-names';
import { useTranslation } from '@web/lib/i18n';
import { useEffect, useState } from 'react';
import { adminApi } from '../api/admin-api';
import { DetailModal } from '../components/detail-modal';
import { type Fact, FactList } from '../components/fact-list';
import { LoadError } from '../components/load-state';
import { ModalSection } from '../components/modal-section';
import { statusLabel } from '../components/status-badge';
import { useResource } from '../hooks/use-resource';
import { formatAmount, formatDateTime, formatNumber } from '../lib/format';
import { notify } from '../lib/notify';
import { StatusSelect } from './status-select';

interface ApplicationDetailModalProps {
  applicationId: string;
  onClose: () => void;
  onChanged: (row: AdminApplicationView) => void;
  onStatus: (row: AdminApplicationView, status: StaffSettableStatus, reason?: string) => Promise<void>;
}

/** Every field, the status history, assignment to a manager and the admin note (docs/product.md §2). */
export function ApplicationDetailModal({
  applicationId,
  onClose,
  onChanged,
  onStatus,
}: ApplicationDetailModalProps) {
  const { t } = useTranslation('admin');
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
      {(application) => (
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
        </>
      )}
    </DetailModal>
  );
}

function ApplicationFacts({ application: a }: { application: AdminApplicationDetail }) {
  const { t, language } = useTranslation('admin');
  const kinds = { cash: t('assets.cash'), card: t('assets.card') };
  const placeName = usePlaceNames(language);
  const facts: Fact[] = [
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
  return <FactList facts={facts} />;
}

interface DetailsPartProps {
  application: AdminApplicationDetail;
  onChanged: (row: AdminApplicationView) => void;
}

/**
 * The assignment or the note, edited in place: the draft (reset when the saved value changes) and
 * its save, with a toast either way and the changed row on success.
 */
function useDetailDraft({ application, onChanged }: DetailsPartProps, saved: string) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState(saved);
  const [saving, setSaving] = useState(false);
  useEffect(() => setDraft(saved), [saved]);

  const save = async (body: UpdateDetailsBody, done: string) => {
    setSaving(true);
    try {
      const answer = await adminApi.updateDetails(application.id, body);
      notify.success(done);
      // Without the row in the answer, the local change stands in for it.
      onChanged(answer.data?.id ? answer.data : { ...application, ...body });
    } catch (error) {
      notify.failure(error, t('common.updateFailed'));
    } finally {
      setSaving(false);
    }
  };
  return { draft, setDraft, saving, save };
}

interface SaveButtonProps {
  label: string;
  saving: boolean;
  unchanged: boolean;
  onSave: () => void;
}

function SaveButton({ label, saving, unchanged, onSave }: SaveButtonProps) {
  return (
    <div>
      <Button size="sm" onClick={onSave} loading={saving} disabled={unchanged}>
        {label}
      </Button>
    </div>
  );
}

function Assignment(props: DetailsPartProps) {
  const { application } = props;
  const { t } = useTranslation('admin');
  const managers = useResource((signal) => adminApi.managers(signal), []);
  const {
    draft: assignee,
    setDraft: setAssignee,
    saving,
    save,
  } = useDetailDraft(props, application.assignedToId ?? '');

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
    <ModalSection id="assignment-title" title={t('applications.detail.assignment')}>
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
          <SaveButton
            label={t('applications.detail.saveAssignment')}
            saving={saving}
            unchanged={assignee === (application.assignedToId ?? '')}
            onSave={() =>
              save(
                { assignedToId: assignee || null },
                assignee ? t('applications.detail.assigned') : t('applications.detail.unassignedDone'),
              )
            }
          />
        </div>
      )}
    </ModalSection>
  );
}

function AdminNote(props: DetailsPartProps) {
  const { application } = props;
  const { t } = useTranslation('admin');
  const { draft: note, setDraft: setNote, saving, save } = useDetailDraft(props, application.adminNote ?? '');
  return (
    <ModalSection id="note-title" title={t('applications.detail.note')}>
      <div className="stack stack--tight">
        <TextAreaField
          label={t('applications.detail.noteLabel')}
          value={note}
          rows={3}
          maxLength={ADMIN_NOTE_MAX_LENGTH}
          onChange={(event) => setNote(event.target.value)}
        />
        <SaveButton
          label={t('applications.detail.saveNote')}
          saving={saving}
          unchanged={note.trim() === (application.adminNote ?? '')}
          onSave={() => save({ adminNote: note.trim() || null }, t('applications.detail.noteSaved'))}
        />
      </div>
    </ModalSection>
  );
}

function StatusHistory({ application }: { application: AdminApplicationDetail }) {
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

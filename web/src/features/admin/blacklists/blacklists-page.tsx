import { mayCall } from '@shared/admin-sections';
import { BLACKLIST_KINDS, type BlacklistKind } from '@shared/blacklist';
import { type BlacklistEntryView, blacklistRemoveBodySchema } from '@shared/contract/blacklist';
import { adminAddBlacklistEntry } from '@shared/routes/blacklist';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { SelectField, TextAreaField } from '@web/components/ui/field';
import { useTranslation } from '@web/lib/i18n';
import { refusalText } from '@web/lib/refusal-text';
import { schemaErrorText } from '@web/lib/schema-error-text';
import { useResource } from '@web/lib/use-resource';
import { useState } from 'react';
import { TrashIcon } from '../components/admin-icons';
import { ConfirmDialog } from '../components/confirm-dialog';
import { CursorPager, useCursorTrail } from '../components/cursor-pager';
import { DataTable } from '../components/data-table';
import { IconButton } from '../components/icon-button';
import { Loaded } from '../components/load-state';
import { PAGE_TITLE_ID, PageHeader } from '../components/page-header';
import { useStaff } from '../components/staff-context';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/notify';
import { AddEntryModal } from './add-entry-modal';
import { blacklistApi } from './blacklist-api';
import { shownValue } from './entry-form';

/**
 * The blacklists page (docs/product.md "Blacklists"): one list at a time (cards, TRON addresses,
 * emails, phones, Telegram usernames, IPs), newest first, with each entry's reason, author and
 * date, paged by cursor. A MANAGER reads them; an ADMIN adds a value and removes one with a reason,
 * as the server allows (shared/admin-sections.ts).
 */
export function BlacklistsPage() {
  const { t, language } = useTranslation('admin');
  const staff = useStaff();
  const edits = mayCall(staff.role, adminAddBlacklistEntry);
  const [kind, setKind] = useState<BlacklistKind>('email');
  const [changes, setChanges] = useState(0);
  const trail = useCursorTrail(kind);
  const page = useResource(
    (signal) =>
      blacklistApi.list(
        { kind, ...(trail.position.cursor ? { cursor: trail.position.cursor } : {}) },
        signal,
      ),
    [kind, trail.cursor, changes],
  );
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<BlacklistEntryView | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const askRemove = (entry: BlacklistEntryView) => {
    setReason('');
    setReasonError(null);
    setRemoveError(null);
    setRemoving(entry);
  };
  const confirmRemove = async () => {
    if (!removing) return;
    const problem = schemaErrorText(blacklistRemoveBodySchema, { reason });
    setReasonError(problem);
    if (problem) return;
    setBusy(true);
    setRemoveError(null);
    try {
      await blacklistApi.remove(removing.kind, removing.value, reason);
      notify.success(t('blacklists.removed'));
      setRemoving(null);
      setChanges((count) => count + 1);
    } catch (error) {
      setRemoveError(refusalText(error, t('common.updateFailed')));
    } finally {
      setBusy(false);
    }
  };

  const columns = [
    t('blacklists.columns.value'),
    t('blacklists.columns.reason'),
    t('blacklists.columns.author'),
    t('blacklists.columns.added'),
    ...(edits ? [t('blacklists.columns.actions')] : []),
  ];

  return (
    <section className="admin-page blacklists" aria-labelledby={PAGE_TITLE_ID}>
      <PageHeader title={t('blacklists.title')}>
        {edits && <Button onClick={() => setAdding(true)}>{t('blacklists.add')}</Button>}
      </PageHeader>
      <p className="muted admin-page__lead">{t('blacklists.lead')}</p>
      <div className="filters">
        <SelectField
          label={t('blacklists.kind')}
          name="kind"
          value={kind}
          options={BLACKLIST_KINDS.map((value) => ({ value, label: t(`blacklists.kinds.${value}`) }))}
          onChange={(event) => setKind(event.target.value as BlacklistKind)}
        />
      </div>
      <Loaded resource={page} errorTitle={t('blacklists.loadError')}>
        {(data) => (
          <>
            <DataTable
              columns={columns}
              items={data.items}
              caption={t('blacklists.caption', { kind: t(`blacklists.kinds.${kind}`) })}
              busy={page.loading}
              emptyText={t('blacklists.empty')}
            >
              {(entry) => (
                <tr key={`${entry.kind}:${entry.value}`}>
                  <td className="blacklists__value">{shownValue(entry.kind, entry.value)}</td>
                  <td>{entry.reason}</td>
                  <td>{entry.createdBy.name}</td>
                  <td>{formatDateTime(entry.createdAt, language)}</td>
                  {edits && (
                    <td>
                      <IconButton
                        label={t('blacklists.remove')}
                        icon={<TrashIcon />}
                        tone="danger"
                        onClick={() => askRemove(entry)}
                      />
                    </td>
                  )}
                </tr>
              )}
            </DataTable>
            <CursorPager trail={trail} nextCursor={data.nextCursor} />
          </>
        )}
      </Loaded>
      {adding && (
        <AddEntryModal
          kind={kind}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            setChanges((count) => count + 1);
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('blacklists.removeTitle')}
        confirmLabel={t('blacklists.remove')}
        busy={busy}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      >
        {removing && (
          <div className="stack">
            {removeError && <Alert tone="danger">{removeError}</Alert>}
            <p>{t('blacklists.removeText', { value: shownValue(removing.kind, removing.value) })}</p>
            <TextAreaField
              label={t('blacklists.removeReason')}
              value={reason}
              error={reasonError}
              rows={3}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(null);
              }}
            />
          </div>
        )}
      </ConfirmDialog>
    </section>
  );
}

import { SETTING_DEFAULTS } from '@shared/constants';
import { maySetSetting } from '@shared/contract/admin';
import {
  SECURITY_AUDIT_KINDS,
  type SecurityAuditEntry,
  type SecurityAuditKind,
  type StaffSessions,
  type StaffSessionsMember,
  type StaffSessionView,
} from '@shared/contract/security';
import { isDayDate, periodProblem } from '@shared/contract/transactions';
import { hasRoleAtLeast } from '@shared/enums';
import { ruleProblem } from '@shared/field-rules';
import { adminRevokeSession } from '@shared/routes/security';
import { Alert } from '@web/components/ui/alert';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import { ruleText } from '@web/lib/refusal-text';
import { type Resource, useResource } from '@web/lib/use-resource';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../components/confirm-dialog';
import { CursorPager, useCursorTrail } from '../components/cursor-pager';
import { DataTable } from '../components/data-table';
import { FilterBar, FilterField, FilterSelect } from '../components/filter-bar';
import { Loaded } from '../components/load-state';
import { PAGE_TITLE_ID, PageHeader } from '../components/page-header';
import { useStaff } from '../components/staff-context';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/notify';
import { AmlPanel } from './aml-panel';
import { PanelHead } from './panel-head';
import { type SecurityAuditQuery, securityApi } from './security-api';
import { TelegramPanel } from './telegram-panel';
import './security.css';

/** A staff member as the page names them: username, else email. */
const nameOf = (member: { username: string | null; email: string }) => member.username ?? member.email;

/**
 * Security settings (docs/product.md §2): the staff second-factor switch, the Telegram bot's state
 * (telegram-panel.tsx), the AML check's state and this month's usage (aml-panel.tsx), each staff member's live sessions with a revoke, and the audit log of
 * security-relevant changes. A SUPER_ADMIN changes; an ADMIN reads (the server refuses an ADMIN's
 * changes; the page only hides them).
 */
export function SecurityPage() {
  const { t } = useTranslation('admin');
  const sessions = useResource((signal) => securityApi.sessions(signal), []);
  // Each change made here (a session ended, the switch saved) is a new entry of the log: read it again.
  const [changes, setChanges] = useState(0);
  const changed = () => setChanges((count) => count + 1);
  return (
    <section className="admin-page security-page" aria-labelledby={PAGE_TITLE_ID}>
      <PageHeader title={t('security.title')} />
      <MfaPanel staff={sessions.data?.staff} onChanged={changed} />
      <TelegramPanel onChanged={changed} />
      <AmlPanel />
      <SessionsPanel sessions={sessions} onChanged={changed} />
      <AuditPanel staff={sessions.data?.staff ?? []} changes={changes} />
    </section>
  );
}

/** The setting staffMfaRequired as a switch: a SUPER_ADMIN's (its minRole), read-only below. */
function MfaPanel({ staff, onChanged }: { staff: StaffSessionsMember[] | undefined; onChanged: () => void }) {
  const { t, language } = useTranslation('admin');
  const viewer = useStaff();
  const setting = useResource((signal) => securityApi.mfaSetting(signal), []);
  const [asked, setAsked] = useState<0 | 1 | null>(null);
  const [saving, setSaving] = useState(false);
  const mayChange = maySetSetting('staffMfaRequired', viewer.role);
  const without = (staff ?? []).filter((member) => !member.mfaEnabled);

  const save = async (value: 0 | 1) => {
    setSaving(true);
    try {
      const saved = await securityApi.saveMfaSetting(value);
      setting.setData(() => saved);
      onChanged();
      notify.success(t('security.mfa.saved'));
      setAsked(null);
    } catch (error) {
      notify.failure(error, t('common.updateFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card security-panel" aria-labelledby="security-mfa-title">
      <h2 id="security-mfa-title" className="panel-title">
        {t('security.mfa.title')}
      </h2>
      <p className="muted security-panel__lead">{t('security.mfa.description')}</p>
      <Loaded resource={setting} errorTitle={t('security.mfa.loadError')}>
        {(current) => {
          const required = current.value === 1;
          return (
            <>
              <label className="security-switch">
                <input
                  type="checkbox"
                  checked={required}
                  disabled={!mayChange || saving}
                  onChange={(event) => setAsked(event.target.checked ? 1 : 0)}
                />
                <span>{t('security.mfa.label')}</span>
              </label>
              <p className="security-panel__state">
                <Badge tone={required ? 'success' : 'warning'}>
                  {t(required ? 'security.mfa.required' : 'security.mfa.optional')}
                </Badge>
              </p>
              {!mayChange && (
                <p className="muted security-panel__note">
                  {t('settings.readOnlyFor', {
                    role: t(`roles.${SETTING_DEFAULTS.staffMfaRequired.minRole}`),
                  })}
                </p>
              )}
              {staff && (
                <p className="security-panel__note">
                  {without.length === 0
                    ? t('security.mfa.everyoneHasIt')
                    : t('security.mfa.without', {
                        count: without.length,
                        names: without.map(nameOf).join(', '),
                      })}
                </p>
              )}
              <p className="muted security-panel__note">
                {t('settings.lastChanged', { when: formatDateTime(current.updatedAt, language) })}
              </p>
            </>
          );
        }}
      </Loaded>
      <ConfirmDialog
        open={asked !== null}
        title={t(asked === 1 ? 'security.mfa.confirmOnTitle' : 'security.mfa.confirmOffTitle')}
        confirmLabel={t(asked === 1 ? 'security.mfa.confirmOn' : 'security.mfa.confirmOff')}
        tone={asked === 1 ? 'primary' : 'danger'}
        busy={saving}
        onConfirm={() => asked !== null && save(asked)}
        onClose={() => setAsked(null)}
      >
        <p>
          {asked === 1
            ? t('security.mfa.confirmOnText', { count: without.length })
            : t('security.mfa.confirmOffText')}
        </p>
      </ConfirmDialog>
    </section>
  );
}

interface SessionRow {
  member: StaffSessionsMember;
  session: StaffSessionView;
}

/** Every live staff session, a row each, grouped by staff member (highest role first); revoke for a SUPER_ADMIN. */
function SessionsPanel({
  sessions,
  onChanged,
}: {
  sessions: Resource<StaffSessions>;
  onChanged: () => void;
}) {
  const { t, language } = useTranslation('admin');
  const viewer = useStaff();
  const mayRevoke = hasRoleAtLeast(viewer.role, adminRevokeSession.access);
  const [asked, setAsked] = useState<SessionRow | null>(null);
  const [revoking, setRevoking] = useState(false);

  const revoke = async (row: SessionRow) => {
    setRevoking(true);
    try {
      await securityApi.revoke(row.session.id);
      sessions.setData((current) =>
        current
          ? {
              staff: current.staff.map((member) =>
                member.id === row.member.id
                  ? {
                      ...member,
                      sessions: member.sessions.filter((session) => session.id !== row.session.id),
                    }
                  : member,
              ),
            }
          : current,
      );
      onChanged();
      notify.success(t('security.sessions.revoked', { name: nameOf(row.member) }));
    } catch (error) {
      notify.failure(error, t('common.updateFailed'));
      sessions.reload();
    } finally {
      setRevoking(false);
      setAsked(null);
    }
  };

  return (
    <section className="card table-panel security-panel" aria-labelledby="security-sessions-title">
      <PanelHead titleId="security-sessions-title" title={t('security.sessions.title')} resource={sessions} />
      <p className="muted security-panel__lead">
        {t(mayRevoke ? 'security.sessions.description' : 'security.sessions.descriptionReadOnly')}
      </p>
      <Loaded resource={sessions} errorTitle={t('security.sessions.loadError')}>
        {(data) => {
          const rows = data.staff.flatMap((member) =>
            member.sessions.map((session) => ({ member, session })),
          );
          const idle = data.staff.filter((member) => member.sessions.length === 0);
          return (
            <>
              <DataTable
                items={rows}
                className="data-table data-table--sessions"
                caption={t('security.sessions.title')}
                busy={sessions.loading}
                emptyText={t('security.sessions.empty')}
                columns={[
                  t('security.sessions.columns.staff'),
                  t('security.sessions.columns.started'),
                  t('security.sessions.columns.lastRefreshed'),
                  t('security.sessions.columns.ends'),
                  t('security.sessions.columns.action'),
                ]}
              >
                {(row) => (
                  <tr key={row.session.id}>
                    <td>
                      <span className="cell-stack">
                        <span>{nameOf(row.member)}</span>
                        <span className="security-badges">
                          <Badge tone="info">{t(`roles.${row.member.role}`)}</Badge>
                          {!row.member.mfaEnabled && (
                            <Badge tone="warning">{t('security.sessions.noMfa')}</Badge>
                          )}
                        </span>
                      </span>
                    </td>
                    <td>{formatDateTime(row.session.createdAt, language)}</td>
                    <td>
                      {row.session.lastRefreshedAt
                        ? formatDateTime(row.session.lastRefreshedAt, language)
                        : t('security.sessions.neverRefreshed')}
                    </td>
                    <td>{formatDateTime(row.session.endsAt, language)}</td>
                    <td>
                      {row.session.current ? (
                        <Badge tone="success">{t('security.sessions.current')}</Badge>
                      ) : mayRevoke ? (
                        <Button
                          variant="danger"
                          size="sm"
                          aria-label={t('security.sessions.revokeOf', { name: nameOf(row.member) })}
                          onClick={() => setAsked(row)}
                        >
                          {t('security.sessions.revoke')}
                        </Button>
                      ) : (
                        <span className="muted">—</span>
                      )}
                    </td>
                  </tr>
                )}
              </DataTable>
              {idle.length > 0 && (
                <p className="muted security-panel__note">
                  {t('security.sessions.idle', { names: idle.map(nameOf).join(', ') })}
                </p>
              )}
            </>
          );
        }}
      </Loaded>
      <ConfirmDialog
        open={asked !== null}
        title={t('security.sessions.confirmTitle')}
        confirmLabel={t('security.sessions.revoke')}
        busy={revoking}
        onConfirm={() => asked && revoke(asked)}
        onClose={() => setAsked(null)}
      >
        {asked && (
          <p>
            {t('security.sessions.confirmText', {
              name: nameOf(asked.member),
              started: formatDateTime(asked.session.createdAt, language),
            })}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

const KIND_TONES: Record<SecurityAuditKind, BadgeTone> = {
  role: 'info',
  activation: 'warning',
  mfa: 'danger',
  session: 'neutral',
  setting: 'success',
};

/** The filters (empty: not set; no period is the server's last 30 days). */
const NO_FILTERS = { from: '', to: '', kind: '', actorId: '' };
type AuditFilters = typeof NO_FILTERS;

function auditQueryOf(filters: AuditFilters): SecurityAuditQuery {
  return {
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.kind ? { kind: filters.kind as SecurityAuditKind } : {}),
    ...(filters.actorId ? { actorId: filters.actorId } : {}),
  };
}

/** The audit log of security-relevant changes: filters, a page by cursor, newest first. */
function AuditPanel({ staff, changes }: { staff: StaffSessionsMember[]; changes: number }) {
  const { t } = useTranslation('admin');
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const filterKey = JSON.stringify(auditQueryOf(filters));
  const trail = useCursorTrail(filterKey);
  const page = useResource(
    (signal) => securityApi.audit({ ...auditQueryOf(filters), ...trail.position }, signal),
    [filterKey, trail.cursor, changes],
  );

  return (
    <section className="card table-panel security-panel" aria-labelledby="security-audit-title">
      <PanelHead titleId="security-audit-title" title={t('security.audit.title')} resource={page} />
      <p className="muted security-panel__lead">{t('security.audit.description')}</p>
      <AuditFiltersBar
        staff={staff}
        values={filters}
        onChange={(changes) => setFilters({ ...filters, ...changes })}
      />
      <Loaded resource={page} errorTitle={t('security.audit.loadError')}>
        {(data) => (
          <>
            <p className="muted security-panel__note">
              {t('security.audit.period', { from: data.period.from, to: data.period.to })}
            </p>
            <DataTable
              items={data.items}
              className="data-table data-table--security-audit"
              caption={t('security.audit.title')}
              busy={page.loading}
              emptyText={t('security.audit.empty')}
              columns={[
                t('security.audit.columns.time'),
                t('security.audit.columns.change'),
                t('security.audit.columns.actor'),
                t('security.audit.columns.target'),
                t('security.audit.columns.details'),
              ]}
            >
              {(entry) => <AuditRow key={entry.id} entry={entry} />}
            </DataTable>
            <CursorPager trail={trail} nextCursor={data.nextCursor} period={data.period} />
          </>
        )}
      </Loaded>
    </section>
  );
}

/** A value of an entry's before or after as the log shows it. */
function shownValue(value: unknown, t: (key: string) => string): string {
  if (value === null) return t('security.audit.hidden');
  if (value === '') return t('settings.none');
  if (typeof value === 'boolean') return t(value ? 'security.audit.yes' : 'security.audit.no');
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** What changed: each field of `after` with its value before, `field: before → after`. */
function changeLines(entry: SecurityAuditEntry, t: (key: string) => string): string[] {
  if (entry.kind === 'session') return [t('security.audit.sessionEnded')];
  const after = entry.after ?? {};
  return Object.keys(after)
    .filter((field) => field !== 'description' || entry.before?.description !== after.description)
    .map((field) => {
      const label = entry.targetType === 'setting' && field === 'value' ? entry.targetId : field;
      const before = entry.before && field in entry.before ? shownValue(entry.before[field], t) : '—';
      return `${label}: ${before} → ${shownValue(after[field], t)}`;
    });
}

function AuditRow({ entry }: { entry: SecurityAuditEntry }) {
  const { t, language } = useTranslation('admin');
  const target =
    entry.targetType === 'user'
      ? (entry.targetName ?? t('security.audit.accountGone'))
      : t('security.audit.settingTarget', { key: entry.targetId });
  return (
    <tr>
      <td>{formatDateTime(entry.at, language)}</td>
      <td>
        <span className="cell-stack">
          <span>
            <Badge tone={KIND_TONES[entry.kind]}>{t(`security.audit.kinds.${entry.kind}`)}</Badge>
          </span>
          <span className="muted mono">{entry.action}</span>
        </span>
      </td>
      <td>
        <span className="cell-stack">
          <span>{entry.actorName ?? t('security.audit.accountGone')}</span>
          <span className="muted">{t(`roles.${entry.actorRole}`)}</span>
        </span>
      </td>
      <td>{target}</td>
      <td className="security-audit__details">
        <span className="cell-stack">
          {changeLines(entry, t).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </span>
      </td>
    </tr>
  );
}

/** The audit log's filters: kind and staff member apply at once, the days on Search (checked first). */
function AuditFiltersBar({
  staff,
  values,
  onChange,
}: {
  staff: StaffSessionsMember[];
  values: AuditFilters;
  onChange: (changes: Partial<AuditFilters>) => void;
}) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState({ from: values.from, to: values.to });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const badDay = [draft.from, draft.to].some((day) => day !== '' && !isDayDate(day));
    const order = draft.from && draft.to && !badDay ? periodProblem(draft.from, draft.to) : null;
    if (badDay || order) {
      setProblem(ruleText(ruleProblem(badDay ? 'dayDate' : order!.code)));
      return;
    }
    setProblem(null);
    onChange(draft);
  };

  const anyFilter = values.from || values.to || values.kind || values.actorId;
  return (
    <>
      <FilterBar
        label={t('security.audit.filters.label')}
        onSubmit={submit}
        onReset={
          anyFilter
            ? () => {
                setDraft({ from: '', to: '' });
                onChange(NO_FILTERS);
              }
            : undefined
        }
      >
        <FilterSelect
          label={t('security.audit.filters.kind')}
          value={values.kind}
          onChange={(kind) => onChange({ kind })}
          options={SECURITY_AUDIT_KINDS.map((kind) => ({
            value: kind,
            label: t(`security.audit.kinds.${kind}`),
          }))}
        />
        <FilterSelect
          label={t('security.audit.filters.actor')}
          value={values.actorId}
          onChange={(actorId) => onChange({ actorId })}
          options={staff.map((member) => ({ value: member.id, label: nameOf(member) }))}
        />
        <FilterField label={t('security.audit.filters.from')}>
          <input
            type="date"
            className="input input--sm"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </FilterField>
        <FilterField label={t('security.audit.filters.to')}>
          <input
            type="date"
            className="input input--sm"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </FilterField>
      </FilterBar>
      {problem && <Alert tone="danger">{problem}</Alert>}
    </>
  );
}

import { AUDIT_KINDS, AUDIT_TARGET_TYPES, type AuditKind, type AuditTarget } from '@shared/contract/audit';
import { SYSTEM_ID } from '@shared/contract/deal';
import { isDayDate, periodProblem } from '@shared/contract/transactions';
import { ruleProblem } from '@shared/field-rules';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import { ruleText } from '@web/lib/refusal-text';
import { useResource } from '@web/lib/use-resource';
import { type FormEvent, useState } from 'react';
import { CursorPager, useCursorTrail } from '../components/cursor-pager';
import { FilterBar, FilterField, FilterSelect } from '../components/filter-bar';
import { Loaded } from '../components/load-state';
import { PAGE_TITLE_ID, PageHeader } from '../components/page-header';
import { useQueryParams } from '../hooks/use-query-params';
import { type AuditTrailQuery, auditApi } from './audit-api';
import { AuditTable } from './audit-table';
import './audit.css';

/** The filters as the URL keeps them (empty: not set; no period is the server's last 30 business days). */
const NO_FILTERS = { kind: '', actorId: '', targetType: '', targetId: '', from: '', to: '' };
type AuditFilters = typeof NO_FILTERS;

function queryOf(filters: AuditFilters): AuditTrailQuery {
  const set = Object.entries(filters).filter(([, value]) => value !== '');
  return Object.fromEntries(set) as AuditTrailQuery;
}

/**
 * The audit trail (docs/product.md "Audit trail"): every change staff or the system made, newest
 * first, by kind, staff member, object and business-day period, in cursor pages. The filters live
 * in the URL, so a deal's or an account's trail (targetType, targetId) can be linked to.
 */
export function AuditPage() {
  const { t } = useTranslation('admin');
  const { values, update } = useQueryParams(NO_FILTERS);
  const query = queryOf(values);
  const filterKey = JSON.stringify(query);
  const trail = useCursorTrail(filterKey);
  const page = useResource(
    (signal) => auditApi.trail({ ...query, ...trail.position }, signal),
    [filterKey, trail.cursor],
  );
  return (
    <section className="admin-page" aria-labelledby={PAGE_TITLE_ID}>
      <PageHeader title={t('audit.title')}>
        <Button variant="secondary" size="sm" onClick={page.reload} loading={page.loading && !!page.data}>
          {t('common.refresh')}
        </Button>
      </PageHeader>
      <p className="muted admin-page__lead">{t('audit.lead')}</p>
      <AuditFiltersBar values={values} onChange={update} />
      <Loaded resource={page} errorTitle={t('audit.loadError')}>
        {(data) => (
          <>
            <p className="muted admin-page__lead">
              {data.period
                ? t('audit.period', { ...data.period, timeZone: data.timeZone })
                : t('audit.wholeTrail', { timeZone: data.timeZone })}
            </p>
            <section className="card table-panel" aria-label={t('audit.title')}>
              <AuditTable
                items={data.items}
                timeZone={data.timeZone}
                busy={page.loading}
                caption={t('audit.caption')}
              />
              {data.period && <CursorPager trail={trail} nextCursor={data.nextCursor} period={data.period} />}
            </section>
          </>
        )}
      </Loaded>
    </section>
  );
}

/** Kind and staff member apply at once; the object (type and id, both or neither) and the days on Search (checked first). */
function AuditFiltersBar({
  values,
  onChange,
}: {
  values: AuditFilters;
  onChange: (changes: Partial<AuditFilters>) => void;
}) {
  const { t } = useTranslation('admin');
  const staff = useResource((signal) => auditApi.staff(signal), []);
  const [draft, setDraft] = useState({
    targetType: values.targetType,
    targetId: values.targetId,
    from: values.from,
    to: values.to,
  });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const badDay = [draft.from, draft.to].some((day) => day !== '' && !isDayDate(day));
    const order = draft.from && draft.to && !badDay ? periodProblem(draft.from, draft.to) : null;
    const targetId = draft.targetId.trim();
    const objectProblem =
      targetId !== '' && draft.targetType === ''
        ? 'auditTargetType'
        : targetId === '' && draft.targetType !== ''
          ? 'auditTargetId'
          : null;
    const code = objectProblem ?? (badDay ? 'dayDate' : order?.code);
    if (code) {
      setProblem(ruleText(ruleProblem(code)));
      return;
    }
    setProblem(null);
    onChange({ ...draft, targetId });
  };

  const anyFilter = Object.values(values).some((value) => value !== '');
  return (
    <>
      <FilterBar
        label={t('audit.filters.label')}
        onSubmit={submit}
        onReset={
          anyFilter
            ? () => {
                setDraft({ targetType: '', targetId: '', from: '', to: '' });
                setProblem(null);
                onChange(NO_FILTERS);
              }
            : undefined
        }
      >
        <FilterSelect
          label={t('audit.filters.kind')}
          value={values.kind}
          onChange={(kind) => onChange({ kind })}
          options={AUDIT_KINDS.map((kind: AuditKind) => ({ value: kind, label: t(`audit.kinds.${kind}`) }))}
        />
        <FilterSelect
          label={t('audit.filters.actor')}
          value={values.actorId}
          onChange={(actorId) => onChange({ actorId })}
          options={[
            { value: SYSTEM_ID, label: t('audit.system') },
            ...(staff.data ?? []).map((member) => ({
              value: member.id,
              label: member.username ?? member.email,
            })),
          ]}
        />
        <FilterSelect
          label={t('audit.filters.targetType')}
          value={draft.targetType}
          onChange={(targetType) => setDraft({ ...draft, targetType })}
          options={AUDIT_TARGET_TYPES.map((type: AuditTarget) => ({
            value: type,
            label: t(`audit.targets.${type}`),
          }))}
        />
        <FilterField label={t('audit.filters.targetId')}>
          <input
            className="input input--sm"
            value={draft.targetId}
            onChange={(event) => setDraft({ ...draft, targetId: event.target.value })}
          />
        </FilterField>
        <FilterField label={t('audit.filters.from')}>
          <input
            type="date"
            className="input input--sm"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </FilterField>
        <FilterField label={t('audit.filters.to')}>
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

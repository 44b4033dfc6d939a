import type { AuditEntryKind, AuditEntryView } from '@shared/contract/audit';
import { SYSTEM_ID } from '@shared/contract/deal';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { useTranslation } from '@web/lib/i18n';
import { DataTable } from '../components/data-table';
import { formatDateTime } from '../lib/format';
import { changeLines } from './change-lines';

const KIND_TONES: Record<AuditEntryKind, BadgeTone> = {
  rates: 'info',
  reserves: 'info',
  books: 'success',
  templates: 'warning',
  geo: 'neutral',
  settings: 'neutral',
  staff: 'danger',
  chain: 'warning',
  deals: 'success',
  blacklists: 'danger',
  verification: 'info',
};

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A value of a before or after as the trail shows it. */
function shownValue(value: unknown, t: Translate): string {
  if (value === undefined || value === '') return '—';
  if (value === null) return t('audit.none');
  if (typeof value === 'boolean') return t(value ? 'audit.yes' : 'audit.no');
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/**
 * Entries of the trail, newest first: when (in the business's zone), what, who, on what, the
 * fields before → after, and from which address and device.
 */
export function AuditTable({
  items,
  timeZone,
  busy,
  caption,
  showTarget = true,
}: {
  items: AuditEntryView[];
  timeZone: string;
  busy: boolean;
  caption: string;
  /** Off in one object's own trail, where every entry is about it. */
  showTarget?: boolean;
}) {
  const { t } = useTranslation('admin');
  const columns = [
    t('audit.columns.time'),
    t('audit.columns.change'),
    t('audit.columns.actor'),
    ...(showTarget ? [t('audit.columns.target')] : []),
    t('audit.columns.details'),
    t('audit.columns.origin'),
  ];
  return (
    <DataTable
      items={items}
      className="data-table data-table--audit"
      caption={caption}
      busy={busy}
      emptyText={t('audit.empty')}
      columns={columns}
    >
      {(entry) => <AuditRow key={entry.id} entry={entry} timeZone={timeZone} showTarget={showTarget} />}
    </DataTable>
  );
}

function AuditRow({
  entry,
  timeZone,
  showTarget,
}: {
  entry: AuditEntryView;
  timeZone: string;
  showTarget: boolean;
}) {
  const { t, language } = useTranslation('admin');
  const actor = entry.actorId === SYSTEM_ID ? t('audit.system') : (entry.actorName ?? t('audit.accountGone'));
  const lines = changeLines(entry.before, entry.after);
  return (
    <tr>
      <td className="nowrap">{formatDateTime(entry.at, language, timeZone)}</td>
      <td>
        <span className="cell-stack">
          <span>
            <Badge tone={KIND_TONES[entry.kind]}>{t(`audit.kinds.${entry.kind}`)}</Badge>
          </span>
          <span className="muted mono">{entry.action}</span>
        </span>
      </td>
      <td>
        <span className="cell-stack">
          <span>{actor}</span>
          {entry.actorRole !== 'SYSTEM' && <span className="muted">{t(`roles.${entry.actorRole}`)}</span>}
        </span>
      </td>
      {showTarget && (
        <td>
          <span className="cell-stack">
            <span>{t(`audit.targets.${entry.targetType}`)}</span>
            <span className="muted mono audit__id">{entry.targetName ?? entry.targetId}</span>
          </span>
        </td>
      )}
      <td className="audit__details">
        {lines.length === 0 ? (
          <span className="muted">{t('audit.noFields')}</span>
        ) : (
          <ul className="audit__changes">
            {lines.map((line) => (
              <li key={line.field}>
                <span className="mono">{line.field}</span>: {shownValue(line.before, t)} →{' '}
                {shownValue(line.after, t)}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>
        {entry.ip === null ? (
          <span className="muted">{t('audit.noOrigin')}</span>
        ) : (
          <span className="cell-stack">
            <span className="mono">{entry.ip}</span>
            <span className="muted audit__device">{entry.device ?? t('audit.noDevice')}</span>
          </span>
        )}
      </td>
    </tr>
  );
}

import type { AdminApplicationDetail } from '@shared/contract/applications';
import type { Language } from '@shared/enums';
import { shortId } from '@shared/ids';
import { useTranslation } from '@web/lib/i18n';
import { ModalSection } from '../components/modal-section';
import { useStaff } from '../components/staff-context';
import { statusLabel } from '../components/status-badge';
import { formatDateTime, formatUsdt } from '../lib/format';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** One line of the timeline: a move, or a deal action that moves nothing (re-issued instructions, a refund). */
interface TimelineItem {
  at: string;
  /** What happened: `Processing → Waiting for payment`, or the action's name. */
  what: { from: string | null; to: string } | { action: 'reissued' | 'refunded' };
  who: string;
  reason: string | null;
  details: Record<string, unknown>;
}

/** What a move or an action carried, by the names the server records them with. */
const DETAIL_ORDER = [
  'deadline',
  'windowMinutes',
  'templateId',
  'txHash',
  'receiptId',
  'reference',
  'reason',
  'note',
];
const MONO_DETAILS = new Set(['txHash', 'receiptId', 'txId']);
/** Amounts the server records as exact decimals ("300.000000"): written as figures, every decimal that is not a trailing zero. */
const AMOUNT_DETAILS = new Set(['amount', 'missing', 'difference', 'received']);

/**
 * A detail's value as staff read it: a time in their language, an amount as a figure, a template's
 * name, the words of a chain check; anything else as recorded.
 */
function detailText(
  key: string,
  text: string,
  { t, language, templateNames }: { t: Translate; language: Language; templateNames: Record<string, string> },
): string {
  if (key === 'deadline' || (key.endsWith('At') && !Number.isNaN(Date.parse(text))))
    return formatDateTime(text, language);
  if (AMOUNT_DETAILS.has(key) && /^-?\d+(\.\d+)?$/.test(text)) return formatUsdt(text, language);
  if (key === 'templateId') return templateNames[text] ?? shortId(text, 8);
  if (key === 'chainCheck') return t(`applications.deal.chain.${text}`, { defaultValue: text });
  if (key === 'gap') return t(`applications.timeline.gap.${text}`, { defaultValue: text });
  return text;
}

function detailEntries(details: Record<string, unknown>): Array<[string, string]> {
  const known = DETAIL_ORDER.filter((key) => key in details);
  const others = Object.keys(details)
    .filter((key) => !DETAIL_ORDER.includes(key))
    .sort();
  return [...known, ...others].flatMap((key) => {
    const value = details[key];
    if (value === null || value === undefined || value === '') return [];
    return [[key, typeof value === 'object' ? JSON.stringify(value) : String(value)]];
  });
}

/** The timeline: every move and deal action, oldest first, with who made it and what it carried. */
export function timelineItems(
  application: AdminApplicationDetail,
  t: Translate,
  staffId: string,
): TimelineItem[] {
  /** The staff member's name (username, else email, as the server answers it), then the role. */
  const who = (actorRole: string, actorId: string | null, actorName?: string | null): string => {
    if (actorRole === 'SYSTEM' || actorId === null) return t('applications.detail.system');
    if (actorId === application.userId) return t('applications.timeline.client');
    const role = t(`roles.${actorRole}`);
    const name = actorName ?? shortId(actorId, 8);
    return actorId === staffId
      ? t('applications.timeline.staffYou', { role, name })
      : t('applications.timeline.staff', { role, name });
  };
  const moves: TimelineItem[] = application.history.map((entry) => ({
    at: entry.at,
    what: { from: entry.from, to: entry.to },
    who: who(entry.actorRole, entry.actorId, entry.actorName),
    reason: entry.reason,
    details: entry.details ?? {},
  }));
  const actions: TimelineItem[] = application.audit.flatMap((entry): TimelineItem[] => {
    const action =
      entry.action === 'application.instructions'
        ? 'reissued'
        : entry.action === 'application.refund'
          ? 'refunded'
          : null;
    if (!action) return [];
    return [
      {
        at: entry.at,
        what: { action },
        who: who(entry.actorRole, entry.actorId, entry.actorName),
        reason: null,
        details: entry.after ?? {},
      },
    ];
  });
  return [...moves, ...actions].sort((one, other) => one.at.localeCompare(other.at));
}

/** Who moved the application from which status to which, when, and what each move carried. */
export function StatusHistory({ application }: { application: AdminApplicationDetail }) {
  const { t, language } = useTranslation('admin');
  const staff = useStaff();
  const items = timelineItems(application, t, staff.id);
  const value = (key: string, text: string) =>
    detailText(key, text, { t, language, templateNames: application.templateNames });
  return (
    <ModalSection id="history-title" title={t('applications.detail.history')}>
      {items.length === 0 ? (
        <p className="muted">{t('applications.detail.noHistory')}</p>
      ) : (
        <ol className="timeline">
          {items.map((item) => (
            <li key={`${item.at}-${'to' in item.what ? item.what.to : item.what.action}`}>
              <span className="timeline__when">{formatDateTime(item.at, language)}</span>{' '}
              {'to' in item.what ? (
                <>
                  {item.what.from ? `${statusLabel(t, item.what.from)} → ` : ''}
                  <strong>{statusLabel(t, item.what.to)}</strong>
                </>
              ) : (
                <strong>{t(`applications.timeline.${item.what.action}`)}</strong>
              )}{' '}
              <span className="muted">({item.who})</span>
              {item.reason && <span className="timeline__diff">{item.reason}</span>}
              {detailEntries(item.details).map(([key, text]) => (
                <span key={key} className="timeline__diff">
                  {t(`applications.timeline.details.${key}`, { defaultValue: key })}:{' '}
                  <span className={MONO_DETAILS.has(key) ? 'mono' : undefined}>{value(key, text)}</span>
                </span>
              ))}
            </li>
          ))}
        </ol>
      )}
    </ModalSection>
  );
}

import { mayCall } from '@shared/admin-sections';
import { type LedgerDay, ledgerCountBodySchema } from '@shared/contract/ledger';
import { isDayDate } from '@shared/contract/transactions';
import type { Language } from '@shared/enums';
import { issueProblem } from '@shared/field-rules';
import { accountNameIn } from '@shared/ledger';
import { adminCloseLedgerDay, adminCountLedgerDay } from '@shared/routes/ledger';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import { fieldErrorTexts, refusalText, ruleText } from '@web/lib/refusal-text';
import type { Resource } from '@web/lib/use-resource';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable } from '../components/data-table';
import { Loaded } from '../components/load-state';
import { useStaff } from '../components/staff-context';
import { notify } from '../lib/notify';
import { ledgerApi } from './ledger-api';
import {
  amountInput,
  formatLedgerAmount,
  formatLedgerDay,
  formatLedgerTime,
  isZeroAmount,
} from './ledger-format';
import { type LedgerZone, ZoneNote } from './zone-note';

type DayAccount = LedgerDay['accounts'][number];

const nameOf = (account: DayAccount, language: Language) =>
  accountNameIn({ id: account.accountId, name: account.name }, language);

interface DayPanelProps {
  day: string;
  /** The business's today: the day offered first. */
  today: string;
  zone: LedgerZone;
  resource: Resource<LedgerDay>;
  onPick: (day: string) => void;
}

/**
 * A business day of the books (docs/operations.md "Closing a day"): per office account its opening
 * balance, what came in and went out, corrections and the closing balance; what staff counted in
 * the desk or read on the statement, and the difference kept. An ADMIN closes the day once counted:
 * its figures then no longer change, and the page says who closed it and when and takes no counts.
 */
export function DayPanel({ day, today, zone, resource, onPick }: DayPanelProps) {
  const { t, language } = useTranslation('admin');
  const staff = useStaff();
  const [closing, setClosing] = useState(false);
  const [closeError, setCloseError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = async () => {
    setBusy(true);
    setCloseError(null);
    try {
      resource.settle(await ledgerApi.closeDay(day));
      notify.success(t('ledger.day.closedNotice'));
      setClosing(false);
    } catch (error) {
      setCloseError(refusalText(error, t('common.updateFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card ledger-day" aria-labelledby="ledger-day-title">
      <header className="ledger-day__head">
        <h2 id="ledger-day-title" className="ledger-day__title">
          {t('ledger.day.title', { day: formatLedgerDay(day, language) })}
        </h2>
        <label className="ledger-day__pick">
          <span>{t('ledger.day.pick')}</span>
          <input
            type="date"
            className="input input--sm"
            value={day}
            max={today}
            onChange={(event) => isDayDate(event.target.value) && onPick(event.target.value)}
          />
        </label>
        {day !== today && (
          <Button variant="ghost" size="sm" onClick={() => onPick(today)}>
            {t('ledger.day.today')}
          </Button>
        )}
      </header>
      <p>
        <ZoneNote zone={zone} />
      </p>
      <Loaded resource={resource} errorTitle={t('ledger.day.loadError')}>
        {(data) => (
          <>
            {data.closed ? (
              <Alert tone="info">
                {t('ledger.day.closed', {
                  name: data.closed.closedBy,
                  time: formatLedgerTime(data.closed.closedAt, zone.timeZone, language),
                })}
              </Alert>
            ) : (
              mayCall(staff.role, adminCloseLedgerDay) && (
                <div className="ledger-day__actions">
                  <Button
                    variant="danger"
                    onClick={() => {
                      setCloseError(null);
                      setClosing(true);
                    }}
                  >
                    {t('ledger.day.close')}
                  </Button>
                </div>
              )
            )}
            <DataTable
              items={data.accounts}
              className="data-table data-table--wide ledger-day__table"
              caption={t('ledger.day.caption', { day: formatLedgerDay(data.day, language) })}
              busy={resource.loading}
              emptyText={t('ledger.day.empty')}
              columns={[
                t('ledger.day.columns.account'),
                t('ledger.day.columns.opening'),
                t('ledger.day.columns.in'),
                t('ledger.day.columns.out'),
                t('ledger.day.columns.adjusted'),
                t('ledger.day.columns.closing'),
                t('ledger.day.columns.counted'),
                t('ledger.day.columns.difference'),
              ]}
            >
              {(account) => (
                <DayRow
                  key={account.accountId}
                  account={account}
                  day={data.day}
                  zone={zone}
                  counts={!data.closed && mayCall(staff.role, adminCountLedgerDay)}
                  onCounted={resource.settle}
                />
              )}
            </DataTable>
            <ConfirmDialog
              open={closing}
              title={t('ledger.day.closeTitle', { day: formatLedgerDay(data.day, language) })}
              confirmLabel={t('ledger.day.closeConfirm')}
              busy={busy}
              onConfirm={close}
              onClose={() => setClosing(false)}
            >
              <div className="stack">
                {closeError && <Alert tone="danger">{closeError}</Alert>}
                <p>{t('ledger.day.closeText')}</p>
                {data.accounts.some((account) => !account.count) && (
                  <Alert tone="warning">
                    {t('ledger.day.uncounted', {
                      names: data.accounts
                        .filter((account) => !account.count)
                        .map((account) => nameOf(account, language))
                        .join('; '),
                    })}
                  </Alert>
                )}
                <p className="muted">{t('common.irreversible')}</p>
              </div>
            </ConfirmDialog>
          </>
        )}
      </Loaded>
    </section>
  );
}

function DayRow({
  account,
  day,
  zone,
  counts,
  onCounted,
}: {
  account: DayAccount;
  day: string;
  zone: LedgerZone;
  /** Whether the staff member may enter a count now (the day open). */
  counts: boolean;
  onCounted: (day: LedgerDay) => void;
}) {
  const { t, language } = useTranslation('admin');
  const money = (amount: string) => formatLedgerAmount(amount, account.currency, language);
  const { count } = account;
  return (
    <tr>
      <th scope="row">
        {nameOf(account, language)} <span className="muted">{account.currency}</span>
      </th>
      <td className="num nowrap">{money(account.opening)}</td>
      <td className="num nowrap">{money(account.in)}</td>
      <td className="num nowrap">{money(account.out)}</td>
      <td className="num nowrap">{money(account.adjusted)}</td>
      <td className="num nowrap">
        <strong>{money(account.closing)}</strong>
      </td>
      <td>
        <span className="ledger-stack">
          {count && <span className="num nowrap">{money(count.counted)}</span>}
          {count && (
            <span className="muted">
              {t('ledger.day.countedBy', {
                name: count.countedBy,
                time: formatLedgerTime(count.countedAt, zone.timeZone, language),
              })}
            </span>
          )}
          {count?.note && <span className="muted">{count.note}</span>}
          {!count && !counts && <span className="muted">{t('ledger.day.notCounted')}</span>}
          {counts && <CountForm account={account} day={day} onCounted={onCounted} />}
        </span>
      </td>
      <td className="num nowrap">
        {!count ? (
          <span className="muted">—</span>
        ) : isZeroAmount(count.difference) ? (
          <Badge tone="success">{t('ledger.day.matches')}</Badge>
        ) : (
          <Badge tone="warning">{money(count.difference)}</Badge>
        )}
      </td>
    </tr>
  );
}

/** What was counted in the desk, or the statement's closing balance: entered (again) while the day is open. */
function CountForm({
  account,
  day,
  onCounted,
}: {
  account: DayAccount;
  day: string;
  onCounted: (day: LedgerDay) => void;
}) {
  const { t, language } = useTranslation('admin');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ledgerCountBodySchema.safeParse({ counted: amountInput(typed, language) });
    if (!parsed.success) {
      setError(ruleText(issueProblem(parsed.error.issues[0]!)));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      onCounted(await ledgerApi.count(day, account.accountId, parsed.data));
      setTyped('');
      notify.success(t('ledger.day.countSaved', { name: nameOf(account, language) }));
    } catch (failure) {
      setError(fieldErrorTexts(failure).counted ?? refusalText(failure, t('common.updateFailed')));
    } finally {
      setSaving(false);
    }
  };
  const errorId = `count-error-${account.accountId}`;
  return (
    <form className="ledger-count" onSubmit={submit} noValidate>
      <input
        className="input input--sm"
        inputMode="decimal"
        autoComplete="off"
        aria-label={t('ledger.day.countLabel', { name: nameOf(account, language) })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        placeholder={account.count ? t('ledger.day.recount') : t('ledger.day.countPlaceholder')}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setError(null);
        }}
      />
      <Button type="submit" size="sm" variant="secondary" loading={saving}>
        {t('ledger.day.countSave')}
      </Button>
      {error && (
        <span className="field__error" id={errorId}>
          {error}
        </span>
      )}
    </form>
  );
}

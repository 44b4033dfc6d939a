import { mayCall } from '@shared/admin-sections';
import { businessDayOf } from '@shared/business-time';
import type { LedgerAccountView } from '@shared/contract/ledger';
import { adminCreateLedgerAccount } from '@shared/routes/ledger';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import { useResource } from '@web/lib/use-resource';
import { useEffect, useState } from 'react';
import { Loaded } from '../components/load-state';
import { PAGE_TITLE_ID, PageHeader } from '../components/page-header';
import { useStaff } from '../components/staff-context';
import { useQueryParams } from '../hooks/use-query-params';
import { AdjustModal, OpenAccountModal, TransferModal } from './account-forms';
import { AccountTrail } from './account-trail';
import { AccountsPanel } from './accounts-panel';
import { DayPanel } from './day-panel';
import { ledgerApi } from './ledger-api';
import { browserTimeZone } from './ledger-format';
import type { LedgerZone } from './zone-note';
import './ledger.css';

type Editing =
  | { kind: 'open' }
  | { kind: 'adjust'; account: LedgerAccountView }
  | { kind: 'transfer' }
  | null;

/**
 * "Accounts and the day" (docs/product.md "Accounts and the books"): every account of the books
 * with its balance by currency, each account's trail, and the business day counted and closed. A
 * MANAGER on shift reads it and enters counts; opening accounts, their opening balances and
 * corrections, transfers and closing the day are an ADMIN's, as on the server
 * (shared/admin-sections.ts). The day picked is kept in the URL; none is the business's today.
 */
export function LedgerPage() {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  const edits = mayCall(staff.role, adminCreateLedgerAccount);
  const { values, update } = useQueryParams({ day: '' });
  const accounts = useResource((signal) => ledgerApi.accounts(signal), []);
  const [trail, setTrail] = useState<LedgerAccountView | null>(null);
  const [editing, setEditing] = useState<Editing>(null);

  // The day's figures wait for the accounts' answer, which names the business's zone and so today.
  // A day's answer names it too: should the accounts' not, the first day read (the browser's today)
  // corrects the zone, and with it today.
  const [dayZone, setDayZone] = useState<string | null>(null);
  const known = accounts.data !== undefined || accounts.error !== null;
  const named = accounts.data?.timeZone ?? dayZone;
  const zone: LedgerZone = named
    ? { timeZone: named, named: true }
    : { timeZone: browserTimeZone(), named: false };
  const today = businessDayOf(new Date(), zone.timeZone);
  const day = values.day || today;
  const dayResource = useResource(known ? (signal) => ledgerApi.day(day, signal) : null, [known, day]);
  const answeredZone = dayResource.data?.timeZone;
  useEffect(() => {
    if (answeredZone) setDayZone(answeredZone);
  }, [answeredZone]);

  const changed = () => {
    setEditing(null);
    accounts.reload();
    dayResource.reload();
  };

  return (
    <section className="admin-page ledger-page" aria-labelledby={PAGE_TITLE_ID}>
      <PageHeader title={t('ledger.title')}>
        <Button variant="secondary" size="sm" onClick={changed} loading={accounts.loading && !!accounts.data}>
          {t('common.refresh')}
        </Button>
        {edits && (
          <>
            <Button size="sm" variant="secondary" onClick={() => setEditing({ kind: 'transfer' })}>
              {t('ledger.transfer')}
            </Button>
            <Button size="sm" onClick={() => setEditing({ kind: 'open' })}>
              {t('ledger.openAccount')}
            </Button>
          </>
        )}
      </PageHeader>
      <p className="muted admin-page__lead">{t('ledger.intro')}</p>
      <Loaded resource={accounts} errorTitle={t('ledger.loadError')}>
        {(data) => (
          <AccountsPanel
            data={data}
            onOpen={setTrail}
            onAdjust={edits ? (account) => setEditing({ kind: 'adjust', account }) : null}
          />
        )}
      </Loaded>
      {known && (
        <DayPanel
          day={day}
          today={today}
          zone={zone}
          resource={dayResource}
          onPick={(picked) => update({ day: picked === today ? '' : picked })}
        />
      )}
      {trail && <AccountTrail account={trail} fallbackZone={zone} onClose={() => setTrail(null)} />}
      {editing?.kind === 'open' && (
        <OpenAccountModal
          currencies={accounts.data?.currencies.map((summary) => summary.currency) ?? []}
          onClose={() => setEditing(null)}
          onSaved={changed}
        />
      )}
      {editing?.kind === 'adjust' && (
        <AdjustModal account={editing.account} onClose={() => setEditing(null)} onSaved={changed} />
      )}
      {editing?.kind === 'transfer' && (
        <TransferModal
          accounts={accounts.data?.accounts ?? []}
          onClose={() => setEditing(null)}
          onSaved={(data) => {
            accounts.settle(data);
            setEditing(null);
            dayResource.reload();
          }}
        />
      )}
    </section>
  );
}

import { SYSTEM_ID } from '@shared/contract/deal';
import type { LedgerAccountView } from '@shared/contract/ledger';
import { useTranslation } from '@web/lib/i18n';
import { useResource } from '@web/lib/use-resource';
import { Link } from 'react-router-dom';
import { ObjectTrail } from '../audit/object-trail';
import { DataTable } from '../components/data-table';
import { DetailModal } from '../components/detail-modal';
import { adminHref } from '../lib/admin-paths';
import { useAccountName } from './accounts-panel';
import { ledgerApi } from './ledger-api';
import { formatLedgerAmount, formatLedgerTime } from './ledger-format';
import { type LedgerZone, ZoneNote } from './zone-note';

/**
 * An account's trail (docs/product.md "Accounts and the books"): every posting on it, oldest first,
 * with its time in the business's zone, what it was, the amount, the deal, who made it and why.
 */
export function AccountTrail({
  account,
  fallbackZone,
  onClose,
}: {
  account: LedgerAccountView;
  /** The zone the page shows times in when the trail's answer names none. */
  fallbackZone: LedgerZone;
  onClose: () => void;
}) {
  const { t, language } = useTranslation('admin');
  const name = useAccountName();
  const trail = useResource((signal) => ledgerApi.trail(account.id, signal), [account.id]);
  return (
    <DetailModal
      title={t('ledger.trail.title', { name: name(account) })}
      detail={trail}
      errorTitle={t('ledger.trail.loadError')}
      onClose={onClose}
    >
      {(data) => {
        const zone = data.timeZone ? { timeZone: data.timeZone, named: true } : fallbackZone;
        const money = (amount: string) => formatLedgerAmount(amount, data.account.currency, language);
        return (
          <div className="stack">
            <p>
              {t('ledger.trail.balance', { amount: money(data.account.balance) })} <ZoneNote zone={zone} />
            </p>
            <DataTable
              items={data.postings}
              className="data-table data-table--wide ledger-trail"
              caption={t('ledger.trail.caption', { name: name(data.account) })}
              emptyText={t('ledger.trail.empty')}
              columns={[
                t('ledger.trail.columns.time'),
                t('ledger.trail.columns.kind'),
                t('ledger.trail.columns.amount'),
                t('ledger.trail.columns.deal'),
                t('ledger.trail.columns.who'),
                t('ledger.trail.columns.why'),
              ]}
            >
              {(posting) => (
                <tr key={posting.entryId}>
                  <td className="nowrap">{formatLedgerTime(posting.at, zone.timeZone, language)}</td>
                  <td>{t(`ledger.entryKinds.${posting.kind}`)}</td>
                  <td className="num nowrap">{money(posting.amount)}</td>
                  <td className="mono nowrap">
                    {posting.applicationId ? (
                      <Link
                        to={adminHref('applications', { open_id: posting.applicationId })}
                        title={posting.applicationId}
                      >
                        {posting.applicationId.slice(0, 12)}
                      </Link>
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                  <td>{posting.actorId === SYSTEM_ID ? t('common.bySystem') : posting.actorName}</td>
                  <td className="ledger-trail__why">
                    <span className="cell-stack">
                      {posting.reason && <span>{posting.reason}</span>}
                      {posting.reference && <span className="mono muted">{posting.reference}</span>}
                      {!posting.reason && !posting.reference && <span className="muted">—</span>}
                    </span>
                  </td>
                </tr>
              )}
            </DataTable>
            <ObjectTrail type="ledgerAccount" id={data.account.id} />
          </div>
        );
      }}
    </DetailModal>
  );
}

import { assetLabel } from '@shared/assets';
import type { LedgerAccountsData, LedgerAccountView } from '@shared/contract/ledger';
import { accountNameIn, BOOK_ACCOUNT_KINDS } from '@shared/ledger';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import { DataTable } from '../components/data-table';
import { formatLedgerAmount, isZeroAmount } from './ledger-format';

interface AccountsPanelProps {
  data: LedgerAccountsData;
  /** Opens an account's trail. */
  onOpen: (account: LedgerAccountView) => void;
  /** Records an office account's opening balance or a correction (an ADMIN's; null: not offered). */
  onAdjust: ((account: LedgerAccountView) => void) | null;
}

/**
 * The accounts by currency: what each place money is held holds, what the office holds in all, the
 * books' own accounts, and whether the currency's books sum to zero (they always should: "off by"
 * is the books saying something was recorded on one side only).
 */
export function AccountsPanel({ data, onOpen, onAdjust }: AccountsPanelProps) {
  return (
    <div className="ledger-currencies">
      {data.currencies.map((summary) => (
        <CurrencyGroup
          key={summary.currency}
          summary={summary}
          accounts={data.accounts.filter((account) => account.currency === summary.currency)}
          onOpen={onOpen}
          onAdjust={onAdjust}
        />
      ))}
    </div>
  );
}

interface CurrencyGroupProps extends Omit<AccountsPanelProps, 'data'> {
  summary: LedgerAccountsData['currencies'][number];
  accounts: LedgerAccountView[];
}

function CurrencyGroup({ summary, accounts, onOpen, onAdjust }: CurrencyGroupProps) {
  const { t, language } = useTranslation('admin');
  const { currency } = summary;
  const money = (amount: string) => formatLedgerAmount(amount, currency, language);
  const office = accounts.filter((account) => account.side === 'office');
  const books = accounts.filter((account) => account.side === 'books');
  const headingId = `ledger-currency-${currency}`;
  return (
    <section className="card ledger-currency" aria-labelledby={headingId}>
      <header className="ledger-currency__head">
        <h2 id={headingId} className="ledger-currency__title">
          {currency}
        </h2>
        <p className="ledger-currency__held">{t('ledger.held', { amount: money(summary.held) })}</p>
        {isZeroAmount(summary.sum) ? (
          <Badge tone="success">{t('ledger.balanced')}</Badge>
        ) : (
          <Badge tone="danger">{t('ledger.offBy', { amount: money(summary.sum) })}</Badge>
        )}
      </header>
      <DataTable
        items={office}
        className="data-table ledger-accounts"
        caption={t('ledger.officeCaption', { currency })}
        emptyText={t('ledger.officeEmpty')}
        columns={[
          t('ledger.columns.account'),
          t('ledger.columns.kind'),
          t('ledger.columns.serves'),
          t('ledger.columns.where'),
          t('ledger.columns.balance'),
          ...(onAdjust ? [t('ledger.columns.actions')] : []),
        ]}
      >
        {(account) => (
          <tr key={account.id}>
            <td>
              <AccountButton account={account} onOpen={onOpen} />
            </td>
            <td>{t(`ledger.kinds.${account.kind}`, { defaultValue: account.kind })}</td>
            <td>
              {account.assets
                .map((asset) => assetLabel(asset, { cash: t('assets.cash'), card: t('assets.card') }))
                .join(', ')}
            </td>
            <td className="ledger-accounts__where">
              {account.address ? (
                <span className="mono">{account.address}</span>
              ) : (
                (account.office ?? <span className="muted">—</span>)
              )}
            </td>
            <td className="num nowrap">
              {account.chain ? (
                <span className="ledger-balance">
                  <span>{money(account.balance)}</span>
                  <ChainBalance chain={account.chain} money={money} />
                </span>
              ) : (
                money(account.balance)
              )}
            </td>
            {onAdjust && (
              <td>
                <Button variant="secondary" size="sm" onClick={() => onAdjust(account)}>
                  {account.postings === 0 ? t('ledger.openingBalance') : t('ledger.adjust')}
                </Button>
              </td>
            )}
          </tr>
        )}
      </DataTable>
      <DataTable
        items={books}
        className="compact-table ledger-books"
        caption={t('ledger.booksCaption', { currency })}
        columns={[t('ledger.columns.bookAccount'), t('ledger.columns.balance')]}
      >
        {(account) => (
          <tr key={account.id}>
            <td>
              <AccountButton account={account} onOpen={onOpen} />
            </td>
            <td className="num nowrap">{money(account.balance)}</td>
          </tr>
        )}
      </DataTable>
    </section>
  );
}

/**
 * A USDT wallet's balance on chain under the booked one; a difference is flagged (what to do about
 * it: docs/operations.md), a read that failed says so.
 */
function ChainBalance({
  chain,
  money,
}: {
  chain: NonNullable<LedgerAccountView['chain']>;
  money: (amount: string) => string;
}) {
  const { t } = useTranslation('admin');
  if (chain.balance === null || chain.difference === null)
    return <span className="ledger-chain muted">{t('ledger.chainUnavailable')}</span>;
  const differs = !isZeroAmount(chain.difference);
  return (
    <span className="ledger-chain">
      <span className={differs ? undefined : 'muted'}>
        {t('ledger.onChain', { amount: money(chain.balance) })}
      </span>
      {differs && (
        <Badge tone="danger">{t('ledger.chainDiffers', { amount: money(chain.difference) })}</Badge>
      )}
    </span>
  );
}

/**
 * A book account is named by its kind in the reader's language; an office account by its own name,
 * an asset's own by its asset.
 */
export function useAccountName(): (account: LedgerAccountView) => string {
  const { t, language } = useTranslation('admin');
  return (account) =>
    account.side === 'books' && (BOOK_ACCOUNT_KINDS as readonly string[]).includes(account.kind)
      ? t(`ledger.bookKinds.${account.kind}`)
      : accountNameIn(account, language);
}

function AccountButton({
  account,
  onOpen,
}: {
  account: LedgerAccountView;
  onOpen: (account: LedgerAccountView) => void;
}) {
  const name = useAccountName();
  return (
    <button type="button" className="ledger-link" onClick={() => onOpen(account)}>
      {name(account)}
    </button>
  );
}

import { mayCall } from '@shared/admin-sections';
import { directionKey } from '@shared/assets';
import type { AdminPartnersData, AdminPartnerView } from '@shared/contract/partners';
import {
  adminPayPartnerPayout,
  adminSetDefaultPartnerTerms,
  adminSetPartnerTerms,
} from '@shared/routes/partners';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { useTranslation } from '@web/lib/i18n';
import { useResource } from '@web/lib/use-resource';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { adminApi } from '../api/admin-api';
import { DataTable } from '../components/data-table';
import { Loaded } from '../components/load-state';
import { PAGE_TITLE_ID, PageHeader } from '../components/page-header';
import { useStaff } from '../components/staff-context';
import { formatLedgerAmount } from '../ledger/ledger-format';
import { DefaultTerms } from './default-terms';
import { OpenPayouts } from './open-payouts';
import { PartnerTermsModal } from './partner-terms-modal';
import { usePartnerTexts } from './partner-texts';
import { partnersApi } from './partners-api';
import './partners.css';

/** The query parameter naming the client whose terms are open: a link from elsewhere can open them. */
const USER_PARAM = 'user';

/** A client with no partner record yet: the defaults, nothing earned (the server makes the record on save). */
function newPartner(userId: string): AdminPartnerView {
  return {
    userId,
    email: null,
    code: null,
    terms: null,
    directionTerms: [],
    monitorHosts: [],
    balance: { available: '0', pending: '0', paid: '0', earned: '0' },
    createdAt: new Date().toISOString(),
  };
}

/**
 * The partner programme for staff (docs/product.md "Partners"): the payouts waiting first, then
 * every partner with their terms, monitors and balance (each partner's terms edited in a dialog,
 * a client who is not a partner yet opened by their id), and the default terms.
 */
export function PartnersPage() {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  const [params, setParams] = useSearchParams();
  const data = useResource((signal) => partnersApi.list(signal), []);
  // The directions there are, to give terms to: the rates' (this section's calls include them).
  const rates = useResource((signal) => adminApi.rates(signal), []);
  const directions = rates.data?.directions.map((rate) => directionKey(rate.assetFrom, rate.assetTo)) ?? [];
  const openUser = params.get(USER_PARAM);

  const open = (userId: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (userId) next.set(USER_PARAM, userId);
        else next.delete(USER_PARAM);
        return next;
      },
      { replace: true },
    );
  const saved = (partner: AdminPartnerView) => {
    data.setData(
      (current) =>
        current && {
          ...current,
          partners: current.partners.some((item) => item.userId === partner.userId)
            ? current.partners.map((item) => (item.userId === partner.userId ? partner : item))
            : [partner, ...current.partners],
        },
    );
    open(null);
  };

  return (
    <section className="admin-page partners-page" aria-labelledby={PAGE_TITLE_ID}>
      <PageHeader title={t('partners.title')} />
      <p className="muted admin-page__lead">{t('partners.lead')}</p>
      <Loaded resource={data} errorTitle={t('partners.loadError')}>
        {(loaded) => (
          <>
            <OpenPayouts
              payouts={loaded.openPayouts}
              wallets={loaded.wallets}
              timeZone={loaded.timeZone}
              editable={mayCall(staff.role, adminPayPartnerPayout)}
              onDecided={data.reload}
            />
            <PartnersList
              partners={loaded.partners}
              editable={mayCall(staff.role, adminSetPartnerTerms)}
              busy={data.loading}
              onOpen={open}
            />
            <DefaultTerms
              defaults={loaded.defaults}
              directions={directions}
              editable={mayCall(staff.role, adminSetDefaultPartnerTerms)}
              onSaved={(defaults) => data.setData((current) => current && { ...current, defaults })}
            />
            {openUser && mayCall(staff.role, adminSetPartnerTerms) && (
              <PartnerTermsModal
                key={openUser}
                partner={
                  loaded.partners.find((partner) => partner.userId === openUser) ?? newPartner(openUser)
                }
                directions={directions}
                onClose={() => open(null)}
                onSaved={saved}
              />
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}

interface PartnersListProps {
  partners: AdminPartnersData['partners'];
  editable: boolean;
  busy: boolean;
  onOpen: (userId: string) => void;
}

function PartnersList({ partners, editable, busy, onOpen }: PartnersListProps) {
  const { t, language } = useTranslation('admin');
  const texts = usePartnerTexts();
  const usdt = (amount: string) => formatLedgerAmount(amount, 'USDT', language);
  const columns = [
    t('partners.list.email'),
    t('partners.list.code'),
    t('partners.list.terms'),
    t('partners.list.monitors'),
    t('partners.list.balance'),
    ...(editable ? [t('partners.list.actions')] : []),
  ];
  return (
    <section className="card stack" aria-labelledby="partners-list-title">
      <h2 className="panel-title" id="partners-list-title">
        {t('partners.list.title')}
      </h2>
      {editable && <OpenById onOpen={onOpen} />}
      <DataTable
        columns={columns}
        items={partners}
        className="data-table data-table--wide"
        caption={t('partners.list.title')}
        busy={busy}
        emptyText={t('partners.list.empty')}
      >
        {(partner) => (
          <tr key={partner.userId}>
            <td>{partner.email ?? <code>{partner.userId}</code>}</td>
            <td>{partner.code ? <code>{partner.code}</code> : '—'}</td>
            <td>
              <div className="partner-lines">
                <span>{partner.terms ? texts.share(partner.terms) : t('partners.list.defaults')}</span>
                {partner.directionTerms.map((terms) => (
                  <span key={terms.direction} className="muted">
                    {texts.directionName(terms.direction)}: {texts.share(terms)}
                  </span>
                ))}
              </div>
            </td>
            <td>{partner.monitorHosts.length > 0 ? partner.monitorHosts.join(', ') : '—'}</td>
            <td>
              <div className="partner-lines partner-lines--figures">
                <span>{t('partners.list.available', { amount: usdt(partner.balance.available) })}</span>
                <span className="muted">
                  {t('partners.list.pending', { amount: usdt(partner.balance.pending) })}
                </span>
                <span className="muted">
                  {t('partners.list.paid', { amount: usdt(partner.balance.paid) })}
                </span>
                <span className="muted">
                  {t('partners.list.earned', { amount: usdt(partner.balance.earned) })}
                </span>
              </div>
            </td>
            {editable && (
              <td>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('partners.list.editOf', { name: partner.email ?? partner.userId })}
                  onClick={() => onOpen(partner.userId)}
                >
                  {t('partners.list.edit')}
                </Button>
              </td>
            )}
          </tr>
        )}
      </DataTable>
    </section>
  );
}

/** Terms for a client who is not a partner yet: their user id, as the users page shows it. */
function OpenById({ onOpen }: { onOpen: (userId: string) => void }) {
  const { t } = useTranslation('admin');
  const [userId, setUserId] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (userId.trim()) onOpen(userId.trim());
  };
  return (
    <form className="stack stack--tight" onSubmit={submit}>
      <div className="partners-open">
        <TextField
          label={t('partners.list.openById')}
          autoComplete="off"
          spellCheck={false}
          value={userId}
          onChange={(event) => setUserId(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t('partners.list.open')}
        </Button>
      </div>
      <p className="muted partners-note">{t('partners.list.openHint')}</p>
    </form>
  );
}

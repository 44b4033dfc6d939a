import type { PartnerOverview } from '@shared/contract/partners';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { CopyIcon } from '@web/components/ui/icons';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { paths } from '@web/config/paths';
import { copyWithToast } from '@web/lib/clipboard';
import { useTranslation } from '@web/lib/i18n';
import { useAssetLabel } from '@web/lib/quote-format';
import { refusalText } from '@web/lib/refusal-text';
import { useResource } from '@web/lib/use-resource';
import { Link } from 'react-router-dom';
import { partnerApi } from '../api/partner-api';
import { directionName, formatPercent, formatUsdt, partnerLink } from '../lib/partner-format';
import { ApiKeySection } from './api-key-section';
import { CodeForm } from './code-form';
import { PartnerDays } from './partner-days';
import { PartnerSubIds } from './partner-sub-ids';
import { PayoutList } from './payout-list';
import { PayoutRequest } from './payout-request';
import '../partner.css';

/**
 * The client's partner page (docs/product.md "Partners"): their link, the terms they earn on, the
 * balance, the last 30 business days, a payout request and the payouts, and the partner API's key.
 */
export function PartnerPage() {
  const { t } = useTranslation(['profile', 'common']);
  const overview = useResource((signal) => partnerApi.overview(signal), []);
  if (!overview.data) {
    return overview.error ? (
      <div className="container page">
        <Alert tone="danger">
          <p>{refusalText(overview.error, t('partner.loadError'))}</p>
          <Button variant="secondary" size="sm" onClick={overview.reload}>
            {t('common:actions.retry')}
          </Button>
        </Alert>
      </div>
    ) : (
      <PageSpinner label={t('partner.title')} />
    );
  }
  const data = overview.data;
  return (
    <div className="container page partner-page">
      <p className="partner-page__back">
        <Link to={paths.profile}>{t('partner.back')}</Link>
      </p>
      <h1 className="page__title">{t('partner.title')}</h1>
      <div className="partner-grid">
        <LinkSection
          code={data.code}
          monitorHosts={data.monitorHosts}
          onCodeSaved={(code) => overview.setData((current) => current && { ...current, code })}
        />
        <TermsSection terms={data.terms} />
        <BalanceSection balance={data.balance} />
      </div>
      <PartnerDays days={data.days} timeZone={data.timeZone} />
      <PartnerSubIds subIds={data.subIds} />
      <div className="partner-grid partner-grid--two">
        {/* The balance after a request starts the form again, from what is available then. */}
        <PayoutRequest
          key={data.balance.available}
          available={data.balance.available}
          minimum={data.minimumPayout}
          onRequested={overview.reload}
        />
        <ApiKeySection
          apiKey={data.apiKey}
          timeZone={data.timeZone}
          onIssued={(apiKey) => overview.setData((current) => current && { ...current, apiKey })}
        />
      </div>
      <PayoutList payouts={data.payouts} timeZone={data.timeZone} />
    </div>
  );
}

function LinkSection({
  code,
  monitorHosts,
  onCodeSaved,
}: Pick<PartnerOverview, 'code' | 'monitorHosts'> & { onCodeSaved: (code: string) => void }) {
  const { t } = useTranslation(['profile', 'errors']);
  const link = code ? partnerLink(window.location.origin, code) : null;
  return (
    <section className="card" aria-labelledby="partner-link-title">
      <h2 id="partner-link-title">{t('partner.share.title')}</h2>
      {link ? (
        <>
          <p className="muted">{t('partner.share.lead')}</p>
          <div className="partner-copy">
            <code className="partner-code">{link}</code>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => copyWithToast(link, t('partner.share.copied'), t('errors:profile.copyFailed'))}
            >
              <CopyIcon size={16} />
              {t('partner.share.copy')}
            </Button>
          </div>
        </>
      ) : (
        <p>{t('partner.share.noCode')}</p>
      )}
      {monitorHosts.length > 0 && (
        <p className="muted">{t('partner.share.monitors', { hosts: monitorHosts.join(', ') })}</p>
      )}
      <CodeForm key={code} code={code} onSaved={onCodeSaved} />
    </section>
  );
}

function TermsSection({ terms }: Pick<PartnerOverview, 'terms'>) {
  const { t, language } = useTranslation('profile');
  const assetLabel = useAssetLabel();
  const share = (figures: { profitPercent: number; volumePercent: number }) =>
    t('partner.terms.share', {
      profit: formatPercent(figures.profitPercent, language),
      volume: formatPercent(figures.volumePercent, language),
    });
  return (
    <section className="card" aria-labelledby="partner-terms-title">
      <h2 id="partner-terms-title">{t('partner.terms.title')}</h2>
      <p className="muted">{terms.own ? t('partner.terms.own') : t('partner.terms.standard')}</p>
      <dl className="partner-facts">
        <div>
          <dt>{terms.directions.length > 0 ? t('partner.terms.others') : t('partner.terms.all')}</dt>
          <dd>{share(terms.all)}</dd>
        </div>
        {terms.directions.map((direction) => (
          <div key={direction.direction}>
            <dt>{directionName(direction.direction, assetLabel)}</dt>
            <dd>{share(direction)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const BALANCE_FIGURES = ['available', 'pending', 'paid', 'earned'] as const;

function BalanceSection({ balance }: Pick<PartnerOverview, 'balance'>) {
  const { t, language } = useTranslation('profile');
  return (
    <section className="card" aria-labelledby="partner-balance-title">
      <h2 id="partner-balance-title">{t('partner.balance.title')}</h2>
      <dl className="partner-facts partner-facts--figures">
        {BALANCE_FIGURES.map((figure) => (
          <div key={figure}>
            <dt>{t(`partner.balance.${figure}`)}</dt>
            <dd>{formatUsdt(balance[figure], language)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

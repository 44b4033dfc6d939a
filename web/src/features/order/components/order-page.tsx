import type { ApplicationDetail } from '@shared/contract/applications';
import type { MarkPaidBody, PayoutDetailsBody } from '@shared/contract/deal';
import { shortId } from '@shared/ids';
import { CASH_COLLECTING_STATUSES, tronExplorerUrl } from '@shared/payout-details';
import { StatusPage } from '@web/components/status/status-page';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button, ButtonLink } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { statusBadgeTone } from '@web/components/ui/status-tone';
import { applicationIdOf } from '@web/config/application-path';
import { loginPath, paths } from '@web/config/paths';
import { usePlaceNames } from '@web/lib/geo-names';
import { useTranslation } from '@web/lib/i18n';
import type { LiveState } from '@web/lib/live/live-client';
import { LiveIndicator } from '@web/lib/live/live-indicator';
import { formatRate, useSideText } from '@web/lib/quote-format';
import { useAuthStore } from '@web/stores/auth-store';
import { useCallback } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { acceptNewQuote, cancelOrder, markOrderPaid, savePayoutDetails } from '../api/order-api';
import { formatMoment } from '../lib/format';
import { orderSteps } from '../lib/steps';
import { useOrder } from '../lib/use-order';
import orderStyles from '../order.css?inline';
import { CancelOrder } from './cancel-order';
import { ChainCheckNote } from './chain-check-note';
import { MarkPaidForm } from './mark-paid-form';
import { MessagesSlot } from './messages-slot';
import { CollectOffice, PaymentInstructions } from './payment-instructions';
import { PaymentStanding } from './payment-standing';
import { PayoutDetailsForm } from './payout-details-form';
import { StatusSteps } from './status-steps';

/**
 * The client's order page, `/applications/:id` (docs/product.md §2): where the deal stands, what to
 * do now, the payout details, "I have paid", cancel and the messages. Only for the application's
 * owner: a visitor goes to the login (and comes back), anyone else's or an unknown id is not found.
 */
export function OrderPage() {
  const { t } = useTranslation('profile');
  const initializing = useAuthStore((state) => state.initializing);
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const location = useLocation();
  const id = applicationIdOf(location.pathname);
  if (initializing) return <PageSpinner label={t('order.loading')} />;
  if (!isAuthenticated) return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  return <OrderView key={id} id={id} />;
}

function OrderView({ id }: { id: string }) {
  const { t } = useTranslation(['profile', 'errors']);
  const { state, refresh, show, liveState } = useOrder(id);

  if (state.phase === 'loading') return <PageSpinner label={t('order.loading')} />;
  if (state.phase === 'notFound') {
    return (
      <StatusPage
        code="404"
        titleId="order-not-found-title"
        title={t('order.notFound.title')}
        text={t('order.notFound.text')}
      >
        <ButtonLink to={paths.profile}>{t('order.back')}</ButtonLink>
      </StatusPage>
    );
  }
  if (state.phase === 'failed') {
    return (
      <div className="container page">
        <Alert tone="danger">{t('order.loadFailed')}</Alert>
        <div className="row order-page__retry">
          <Button onClick={() => void refresh()}>{t('order.retry')}</Button>
          <ButtonLink to={paths.profile} variant="secondary">
            {t('order.back')}
          </ButtonLink>
        </div>
      </div>
    );
  }
  return (
    <OrderDetail
      detail={state.detail}
      stale={state.stale}
      refresh={refresh}
      show={show}
      liveState={liveState}
    />
  );
}

function OrderDetail({
  detail,
  stale,
  refresh,
  show,
  liveState,
}: {
  detail: ApplicationDetail;
  stale: boolean;
  refresh: () => Promise<void>;
  show: (detail: ApplicationDetail) => void;
  liveState: LiveState;
}) {
  const { t, language } = useTranslation(['profile', 'errors', 'common']);
  const placeName = usePlaceNames(language);
  const side = useSideText();
  const allowed = (action: ApplicationDetail['allowedActions'][number]) =>
    detail.allowedActions.includes(action);
  const { id } = detail;

  const savePayout = useCallback(
    async (body: PayoutDetailsBody) => show(await savePayoutDetails(id, body)),
    [id, show],
  );
  const markPaid = useCallback(async (body: MarkPaidBody) => show(await markOrderPaid(id, body)), [id, show]);
  const acceptQuote = useCallback(async () => show(await acceptNewQuote(id)), [id, show]);
  const cancel = useCallback(async () => {
    await cancelOrder(id);
    await refresh();
  }, [id, refresh]);

  const status = detail.status;
  const statusText = t(`order.steps.labels.${status}`, { defaultValue: t('order.steps.labels.unknown') });
  const needsPayoutFirst =
    status === 'WAITING_PAYMENT' &&
    !allowed('markPaid') &&
    detail.payoutKind !== 'none' &&
    detail.payoutDetails === null &&
    allowed('setPayoutDetails');
  const paysInUsdt = Boolean(detail.instructions?.crypto) || detail.currencyFrom === 'USDT';
  const cashPayment = detail.instructions?.payTo?.kind === 'office';

  return (
    <div className="container page order-page">
      {/* In this chunk, hoisted into <head> once by React: no stylesheet for the landing chunk to name. */}
      <style href="order-page" precedence="default">
        {orderStyles}
      </style>
      <p className="order-page__back">
        <Link to={paths.profile}>{t('order.back')}</Link>
      </p>
      <header className="order-page__head">
        <h1 className="page__title">{t('order.title', { id: shortId(id) })}</h1>
        <Badge tone={statusBadgeTone(status)}>{statusText}</Badge>
        <LiveIndicator state={liveState} className="order-page__live" />
      </header>
      {stale && <Alert tone="warning">{t('order.refreshFailed')}</Alert>}

      <div className="order-layout">
        <div className="order-layout__main">
          <section className="card" aria-labelledby="order-now-title">
            <h2 id="order-now-title">{t('order.now.title')}</h2>
            <div className="stack">
              {detail.instructions && (status === 'WAITING_PAYMENT' || status === 'PAID') && (
                <PaymentInstructions
                  detail={detail}
                  instructions={detail.instructions}
                  windowOpen={status === 'WAITING_PAYMENT'}
                  language={language}
                  onDeadline={refresh}
                />
              )}
              {allowed('markPaid') && (
                <MarkPaidForm
                  applicationId={id}
                  withTxHash={paysInUsdt}
                  cash={cashPayment}
                  onMark={markPaid}
                />
              )}
              <p>
                {t(
                  `order.now.${cashPayment && status === 'WAITING_PAYMENT' ? 'WAITING_PAYMENT_CASH' : status}`,
                  {
                    defaultValue: t('order.now.unknown'),
                    expectedBy: detail.hold ? formatMoment(detail.hold.expectedBy, language) : '',
                  },
                )}
              </p>
              {status === 'REJECTED' && detail.rejectionReason && (
                <p>{t('order.now.reason', { reason: detail.rejectionReason })}</p>
              )}
              {detail.payerCard?.verificationRequired && !detail.payerCard.verified && (
                <Alert tone="warning">
                  {t('order.now.verifyCard', { last4: detail.payerCard.last4 })}{' '}
                  <Link to={`${paths.verification}#card-${detail.payerCard.id}`}>
                    {t('order.now.verifyCardLink')}
                  </Link>
                </Alert>
              )}
              {needsPayoutFirst && <Alert tone="warning">{t('order.now.payoutFirst')}</Alert>}
              {status === 'WAITING_PAYMENT' && !allowed('markPaid') && !needsPayoutFirst && (
                <Alert tone="warning">{t('order.now.windowClosed')}</Alert>
              )}
              {detail.clientPaid && (
                <p>
                  {t('order.now.paidAt')}{' '}
                  <time dateTime={detail.clientPaid.at}>{formatMoment(detail.clientPaid.at, language)}</time>
                  {detail.clientPaid.txHash && (
                    <>
                      {' · '}
                      {t('order.now.paidTx')}{' '}
                      <code className="order-copyables__value">{detail.clientPaid.txHash}</code>
                    </>
                  )}
                </p>
              )}
              {detail.clientPaid?.chainCheck && <ChainCheckNote check={detail.clientPaid.chainCheck} />}
              {detail.payout?.txHash && (
                <p className="order-page__payout">
                  {t('order.now.payoutSent')}{' '}
                  <time dateTime={detail.payout.at}>{formatMoment(detail.payout.at, language)}</time>
                  {' · '}
                  {t('order.now.paidTx')}{' '}
                  <a href={tronExplorerUrl(detail.payout.txHash)} target="_blank" rel="noopener noreferrer">
                    <code className="order-copyables__value">{detail.payout.txHash}</code>
                    <span className="visually-hidden"> {t('order.now.onExplorer')}</span>
                  </a>
                </p>
              )}
              <PaymentStanding detail={detail} onAccept={acceptQuote} />
              {detail.instructions?.collectAt && CASH_COLLECTING_STATUSES.has(status) && (
                <CollectOffice office={detail.instructions.collectAt} />
              )}
            </div>
          </section>

          {detail.payoutKind !== 'none' && (
            <section className="card" aria-labelledby="order-payout-title">
              <h2 id="order-payout-title">{t('order.payout.title')}</h2>
              <PayoutDetailsForm
                key={detail.payoutKind}
                kind={detail.payoutKind}
                current={detail.payoutDetails}
                sbpBanks={detail.sbpBanks}
                editable={allowed('setPayoutDetails')}
                onSave={savePayout}
              />
            </section>
          )}

          <MessagesSlot applicationId={id} open={allowed('message')} unreadMessages={detail.unreadMessages} />
        </div>

        <div className="order-layout__side">
          <section className="card" aria-labelledby="order-steps-title">
            <h2 id="order-steps-title">{t('order.steps.title')}</h2>
            <StatusSteps steps={orderSteps(detail)} language={language} />
          </section>

          <section className="card" aria-labelledby="order-summary-title">
            <h2 id="order-summary-title">{t('order.summary.title')}</h2>
            <dl className="order-summary">
              {detail.requestType === 'INDIVIDUAL' ? (
                <div>
                  <dt>{t('order.summary.details')}</dt>
                  <dd>{detail.details ?? '—'}</dd>
                </div>
              ) : (
                <>
                  <div>
                    <dt>{t('applications.columns.gives')}</dt>
                    <dd>{side(detail.amountFrom, detail.assetFrom)}</dd>
                  </div>
                  <div>
                    <dt>{t('applications.columns.receives')}</dt>
                    <dd>{side(detail.amountTo, detail.assetTo)}</dd>
                  </div>
                  {detail.rate && detail.assetFrom && detail.assetTo && (
                    <div>
                      <dt>{t('order.summary.rate')}</dt>
                      <dd className="order-summary__rate">
                        {formatRate(detail.assetFrom, detail.assetTo, detail.rate.rate, language)}
                      </dd>
                    </div>
                  )}
                  <div>
                    <dt>{t('applications.columns.city')}</dt>
                    <dd>{placeName(detail.city) || '—'}</dd>
                  </div>
                </>
              )}
              {detail.payoutKind === 'none' && detail.requestType === 'STANDARD' && (
                <div>
                  <dt>{t('order.summary.payout')}</dt>
                  <dd>{t('order.summary.cash')}</dd>
                </div>
              )}
              <div>
                <dt>{t('applications.columns.date')}</dt>
                <dd>
                  <time dateTime={detail.createdAt}>{formatMoment(detail.createdAt, language)}</time>
                </dd>
              </div>
              <div>
                <dt>{t('order.summary.contact')}</dt>
                <dd>{detail.contactData.telegram}</dd>
              </div>
            </dl>
          </section>

          {allowed('cancel') && (
            <section className="card" aria-labelledby="order-cancel-title">
              <h2 id="order-cancel-title">{t('order.cancel.heading')}</h2>
              <div className="stack">
                <p className="muted">{t('order.cancel.lead')}</p>
                <div>
                  <CancelOrder shortId={shortId(id)} onCancel={cancel} />
                </div>
              </div>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}

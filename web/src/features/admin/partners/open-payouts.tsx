import {
  type AdminPartnersData,
  partnerPayoutPayBodySchema,
  partnerPayoutRejectBodySchema,
} from '@shared/contract/partners';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { TextAreaField, TextField } from '@web/components/ui/field';
import { CopyIcon } from '@web/components/ui/icons';
import { copyWithToast } from '@web/lib/clipboard';
import { useTranslation } from '@web/lib/i18n';
import { fieldErrorTexts, refusalWords, sayRefusal } from '@web/lib/refusal-text';
import { schemaErrorText } from '@web/lib/schema-error-text';
import { type FormEvent, useState } from 'react';
import { IconButton } from '../components/icon-button';
import { formatLedgerAmount } from '../ledger/ledger-format';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/notify';
import { partnersApi } from './partners-api';

type OpenPayout = AdminPartnersData['openPayouts'][number];

interface OpenPayoutsProps {
  payouts: OpenPayout[];
  /** The office's USDT wallets a payout may leave from. */
  wallets: string[];
  /** The business's time zone: the requests' times are shown in it. */
  timeZone: string;
  /** Whether the staff member may pay and refuse (the routes' access). */
  editable: boolean;
  /** A payout was paid or refused: the page reads the list again. */
  onDecided: () => void;
}

/**
 * The payouts partners asked for, oldest first as the server lists them: each paid by sending the
 * USDT from an office wallet and giving the transfer's hash (the server records it only once the
 * chain shows that transfer), or refused with a reason the partner reads.
 */
export function OpenPayouts({ payouts, wallets, timeZone, editable, onDecided }: OpenPayoutsProps) {
  const { t } = useTranslation('admin');
  return (
    <section className="card stack" aria-labelledby="partners-payouts-title">
      <h2 className="panel-title" id="partners-payouts-title">
        {t('partners.payouts.title')}
      </h2>
      {payouts.length === 0 ? (
        <p className="muted">{t('partners.payouts.empty')}</p>
      ) : (
        <>
          <p className="muted partners-note">
            {wallets.length > 0
              ? t('partners.payouts.wallets', { wallets: wallets.join(', ') })
              : t('partners.payouts.noWallets')}
          </p>
          <ul className="partner-payouts">
            {payouts.map((payout) => (
              <PayoutItem
                key={payout.id}
                payout={payout}
                timeZone={timeZone}
                editable={editable}
                onDecided={onDecided}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * A refusal of a payment in the UI language: the chain check's reason (`wrongWallet`, an amount that
 * differs…) as the deal's checks word it, not as its code.
 */
function usePayRefusalText() {
  const { t } = useTranslation(['admin', 'errors']);
  return (error: unknown): string => {
    const words = refusalWords(error);
    const params = words?.params;
    const reason = typeof params?.reason === 'string' ? params.reason : null;
    const readable =
      reason === 'wrongAmount' && params?.sent !== undefined && params.due !== undefined
        ? t('applications.deal.chain.wrongAmountOf', { sent: params.sent, due: params.due })
        : reason && t(`applications.deal.chain.reason.${reason}`, { defaultValue: reason });
    return sayRefusal(
      words && readable ? { ...words, params: { ...params, reason: readable } } : words,
      t('partners.payouts.failed'),
    );
  };
}

function PayoutItem({
  payout,
  timeZone,
  editable,
  onDecided,
}: {
  payout: OpenPayout;
  timeZone: string;
  editable: boolean;
  onDecided: () => void;
}) {
  const { t, language } = useTranslation('admin');
  const payRefusalText = usePayRefusalText();
  const [txHash, setTxHash] = useState('');
  const [hashError, setHashError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<'pay' | 'reject' | null>(null);
  const name = payout.partnerEmail ?? payout.partnerId;
  const amount = formatLedgerAmount(payout.amount, 'USDT', language);

  const decide = async (kind: 'pay' | 'reject', send: () => Promise<unknown>, done: string) => {
    setBusy(kind);
    setRefusal(null);
    try {
      await send();
      notify.success(done);
      onDecided();
    } catch (error) {
      const fields = fieldErrorTexts(error);
      if (kind === 'pay' && fields.txHash) setHashError(fields.txHash);
      else if (kind === 'reject' && fields.reason) setReasonError(fields.reason);
      else setRefusal(payRefusalText(error));
    } finally {
      setBusy(null);
    }
  };

  const pay = (event: FormEvent) => {
    event.preventDefault();
    const problem = schemaErrorText(partnerPayoutPayBodySchema, { txHash });
    setHashError(problem);
    if (!problem)
      void decide(
        'pay',
        () => partnersApi.pay(payout.id, txHash.trim()),
        t('partners.payouts.paid', { amount, name }),
      );
  };
  const reject = () => {
    const problem = schemaErrorText(partnerPayoutRejectBodySchema, { reason });
    setReasonError(problem);
    if (!problem)
      void decide(
        'reject',
        () => partnersApi.reject(payout.id, reason.trim()),
        t('partners.payouts.rejected', { amount, name }),
      );
  };

  return (
    <li className="partner-payout" aria-label={t('partners.payouts.item', { amount, name })}>
      <div className="partner-payout__head">
        <strong>{name}</strong>
        <span className="partner-payout__amount">{amount}</span>
        <span className="muted">
          {t('partners.payouts.requestedAt', { date: formatDateTime(payout.createdAt, language, timeZone) })}
        </span>
      </div>
      <div className="partner-payout__address">
        <span className="muted">{t('partners.payouts.address')}</span>
        <code>{payout.address}</code>
        <IconButton
          label={t('partners.payouts.copyAddress')}
          icon={<CopyIcon size={16} />}
          onClick={() =>
            copyWithToast(
              payout.address,
              t('partners.payouts.addressCopied'),
              t('partners.payouts.copyFailed'),
            )
          }
        />
      </div>
      {payout.screened !== null && (
        <p
          className={`partner-payout__screening${payout.screened ? ' muted' : ' partner-payout__screening--failed'}`}
        >
          {t(`partners.payouts.${payout.screened ? 'screened' : 'notScreened'}`)}
        </p>
      )}
      {refusal && <Alert tone="danger">{refusal}</Alert>}
      {editable && (
        <form className="partner-payout__pay" onSubmit={pay} noValidate>
          <TextField
            label={t('partners.payouts.txHash')}
            className="mono"
            autoComplete="off"
            spellCheck={false}
            value={txHash}
            error={hashError}
            onChange={(event) => {
              setTxHash(event.target.value);
              setHashError(null);
            }}
          />
          <Button type="submit" loading={busy === 'pay'} disabled={busy === 'reject'}>
            {t('partners.payouts.pay')}
          </Button>
        </form>
      )}
      {editable &&
        (rejecting ? (
          <div className="partner-payout__reject">
            <TextAreaField
              label={t('partners.payouts.reason')}
              rows={2}
              value={reason}
              error={reasonError}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(null);
              }}
            />
            <div className="row">
              <Button variant="danger" size="sm" loading={busy === 'reject'} onClick={reject}>
                {t('partners.payouts.rejectConfirm')}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={busy !== null}
                onClick={() => setRejecting(false)}
              >
                {t('common.cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <div>
            <Button variant="ghost" size="sm" disabled={busy !== null} onClick={() => setRejecting(true)}>
              {t('partners.payouts.reject')}
            </Button>
          </div>
        ))}
    </li>
  );
}

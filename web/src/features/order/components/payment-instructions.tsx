import type { ApplicationDetail } from '@shared/contract/applications';
import type { OfficePlace } from '@shared/contract/deal';
import type { Language } from '@shared/enums';
import { groupedNumber } from '@shared/payout-details';
import { QrCode } from '@web/components/mfa/qr-code';
import { Button } from '@web/components/ui/button';
import { CopyIcon } from '@web/components/ui/icons';
import { copyWithToast } from '@web/lib/clipboard';
import { useTranslation } from '@web/lib/i18n';
import { formatDealAmount } from '@web/lib/quote-format';
import { formatMoment } from '../lib/format';
import { OfficeHours } from './office-hours';
import { PaymentCountdown } from './payment-countdown';

type Instructions = NonNullable<ApplicationDetail['instructions']>;

/** One line of the block: a label, the value as the client reads it, and a button that copies it. */
function Copyable({
  label,
  shown,
  copied,
  copyLabel,
  copiedText,
}: {
  label: string;
  shown: string;
  /** What the clipboard gets (digits without spaces, the amount as a plain decimal). */
  copied: string;
  copyLabel: string;
  copiedText: string;
}) {
  const { t } = useTranslation('errors');
  return (
    <div className="order-copyables__item">
      <dt>{label}</dt>
      <dd>
        <code className="order-copyables__value">{shown}</code>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => copyWithToast(copied, copiedText, t('profile.copyFailed'))}
        >
          <CopyIcon size={16} />
          {copyLabel}
        </Button>
      </dd>
    </div>
  );
}

/** A plain fact of the block (the bank, the recipient): nothing to copy. */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="order-copyables__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * What to do now, first on the order page (docs/product.md §2): the exact amount to send and to
 * what (the card or account with its bank and recipient, the office with its address and hours,
 * the wallet with its QR code), each with a copy button, and by when in the visitor's own time zone,
 * with the countdown while the window runs; then staff's own words.
 */
export function PaymentInstructions({
  detail,
  instructions,
  windowOpen,
  language,
  onDeadline,
}: {
  detail: ApplicationDetail;
  instructions: Instructions;
  /** Whether the deal waits for the payment (the countdown shows only then). */
  windowOpen: boolean;
  language: Language;
  onDeadline: () => void;
}) {
  const { t } = useTranslation(['profile', 'errors']);
  const { crypto, payTo } = instructions;
  const amountShown = crypto
    ? `${crypto.amount} USDT`
    : detail.amountFrom !== null
      ? formatDealAmount(String(detail.amountFrom), detail.currencyFrom, language)
      : null;
  const amountCopied = crypto ? crypto.amount : detail.amountFrom !== null ? String(detail.amountFrom) : '';
  const kind = crypto ? 'usdt' : (payTo?.kind ?? 'other');

  return (
    <section className="order-instructions" aria-labelledby="order-instructions-title">
      <h3 id="order-instructions-title">
        {amountShown ? t(`order.pay.title.${kind}`, { amount: amountShown }) : t('order.instructions.title')}
      </h3>
      <dl className="order-copyables">
        {amountShown && (
          <Copyable
            label={t('order.instructions.amount')}
            // Exactly as issued, every decimal: a USDT amount made unique is how the payment is recognised.
            shown={amountShown}
            copied={amountCopied}
            copyLabel={t('order.instructions.copyAmount')}
            copiedText={t('order.instructions.amountCopied')}
          />
        )}
        {crypto && (
          <Copyable
            label={t('order.instructions.address')}
            shown={crypto.address}
            copied={crypto.address}
            copyLabel={t('order.instructions.copyAddress')}
            copiedText={t('order.instructions.addressCopied')}
          />
        )}
        {payTo?.kind === 'card' && payTo.number && (
          <Copyable
            label={t('order.pay.number')}
            shown={groupedNumber(payTo.number)}
            copied={payTo.number}
            copyLabel={t('order.pay.copyNumber')}
            copiedText={t('order.pay.numberCopied')}
          />
        )}
        {payTo?.kind === 'card' && payTo.bank && <Fact label={t('order.pay.bank')}>{payTo.bank}</Fact>}
        {payTo?.kind === 'card' && payTo.holder && <Fact label={t('order.pay.holder')}>{payTo.holder}</Fact>}
        {payTo?.kind === 'office' && <OfficeFacts office={payTo} />}
      </dl>
      {crypto && (
        <div className="order-qr">
          <QrCode text={crypto.address} label={t('order.instructions.qr', { address: crypto.address })} />
        </div>
      )}
      {/* By when: the deadline in the visitor's own time zone, and the time left. */}
      {windowOpen && (
        <PaymentCountdown deadline={instructions.deadline} language={language} onEnd={onDeadline} />
      )}
      <h4 className="order-instructions__from">{t('order.instructions.title')}</h4>
      <p className="muted order-instructions__issued">
        {t('order.instructions.issued')}{' '}
        <time dateTime={instructions.issuedAt}>{formatMoment(instructions.issuedAt, language)}</time>
      </p>
      <p className="order-instructions__text">{instructions.text}</p>
    </section>
  );
}

/** An office's name, its address to copy, and its hours as its city keeps them. */
export function OfficeFacts({ office }: { office: OfficePlace }) {
  const { t } = useTranslation(['profile', 'errors']);
  return (
    <>
      <Fact label={t('order.pay.office')}>{office.label}</Fact>
      <Copyable
        label={t('order.pay.address')}
        shown={office.address}
        copied={office.address}
        copyLabel={t('order.pay.copyAddress')}
        copiedText={t('order.pay.addressCopied')}
      />
      <OfficeHours city={office.city} label={t('order.pay.hours')} />
    </>
  );
}

/** Where a client paid out in cash collects it, from the payment until the cash is handed over. */
export function CollectOffice({ office }: { office: OfficePlace }) {
  const { t } = useTranslation('profile');
  return (
    <section className="order-instructions" aria-labelledby="order-collect-title">
      <h3 id="order-collect-title">{t('order.pay.collectTitle')}</h3>
      <dl className="order-copyables">
        <OfficeFacts office={office} />
      </dl>
    </section>
  );
}

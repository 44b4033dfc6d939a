import type { ApplicationDetail } from '@shared/contract/applications';
import type { Language } from '@shared/enums';
import { QrCode } from '@web/components/mfa/qr-code';
import { Button } from '@web/components/ui/button';
import { CopyIcon } from '@web/components/ui/icons';
import { copyWithToast } from '@web/lib/clipboard';
import { useTranslation } from '@web/lib/i18n';
import { formatMoment } from '../lib/format';
import { PaymentCountdown } from './payment-countdown';

type Instructions = NonNullable<ApplicationDetail['instructions']>;

/**
 * Staff's payment instructions: their text, and for a payment in USDT the address (with its QR
 * code, drawn in the browser) and the amount, each with a copy button; the countdown to the deadline
 * while the payment window runs.
 */
export function PaymentInstructions({
  instructions,
  windowOpen,
  language,
  onDeadline,
}: {
  instructions: Instructions;
  /** Whether the deal waits for the payment (the countdown shows only then). */
  windowOpen: boolean;
  language: Language;
  onDeadline: () => void;
}) {
  const { t } = useTranslation(['profile', 'errors']);
  const copy = (text: string, copiedKey: string) =>
    copyWithToast(text, t(copiedKey), t('errors:profile.copyFailed'));
  const { crypto } = instructions;

  return (
    <section className="order-instructions" aria-labelledby="order-instructions-title">
      <h3 id="order-instructions-title">{t('order.instructions.title')}</h3>
      <p className="muted order-instructions__issued">
        {t('order.instructions.issued')}{' '}
        <time dateTime={instructions.issuedAt}>{formatMoment(instructions.issuedAt, language)}</time>
      </p>
      <p className="order-instructions__text">{instructions.text}</p>
      {crypto && (
        <div className="order-instructions__crypto">
          <dl className="order-copyables">
            <div className="order-copyables__item">
              <dt>{t('order.instructions.address')}</dt>
              <dd>
                <code className="order-copyables__value">{crypto.address}</code>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => copy(crypto.address, 'order.instructions.addressCopied')}
                >
                  <CopyIcon size={16} />
                  {t('order.instructions.copyAddress')}
                </Button>
              </dd>
            </div>
            <div className="order-copyables__item">
              <dt>{t('order.instructions.amount')}</dt>
              <dd>
                {/* Exactly as issued, every decimal: the unique amount is how the payment is recognised. */}
                <code className="order-copyables__value">{crypto.amount} USDT</code>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => copy(crypto.amount, 'order.instructions.amountCopied')}
                >
                  <CopyIcon size={16} />
                  {t('order.instructions.copyAmount')}
                </Button>
              </dd>
            </div>
          </dl>
          <div className="order-qr">
            <QrCode text={crypto.address} label={t('order.instructions.qr', { address: crypto.address })} />
          </div>
        </div>
      )}
      {windowOpen && (
        <PaymentCountdown deadline={instructions.deadline} language={language} onEnd={onDeadline} />
      )}
    </section>
  );
}

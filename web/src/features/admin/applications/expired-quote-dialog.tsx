import type { ExpiredQuote } from '@shared/contract/applications';
import { useTranslation } from '@web/lib/i18n';
import { sayRefusal } from '@web/lib/refusal-text';
import { ConfirmDialog } from '../components/confirm-dialog';
import { type Fact, FactList } from '../components/fact-list';
import { formatAmount, formatDateTime } from '../lib/format';

interface ExpiredQuoteDialogProps {
  applicationLabel: string;
  quote: ExpiredQuote;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The locked amount beside a fresh quote's, as staff must see them before completing an application whose lock has ended. */
export function ExpiredQuoteFacts({ quote }: { quote: ExpiredQuote }) {
  const { t, language } = useTranslation('admin');
  const kinds = { cash: t('assets.cash'), card: t('assets.card') };
  const facts: Fact[] = [
    [t('applications.expiredQuote.lockedUntil'), formatDateTime(quote.lockedUntil, language)],
    [
      t('applications.expiredQuote.locked'),
      formatAmount(quote.lockedAmountTo, quote.assetTo, language, kinds),
    ],
    [
      t('applications.expiredQuote.current'),
      quote.currentAmountTo === null
        ? t('applications.expiredQuote.currentNone')
        : formatAmount(quote.currentAmountTo, quote.assetTo, language, kinds),
    ],
  ];
  return <FactList facts={facts} />;
}

/**
 * Choosing COMPLETED for an application whose quote lock has ended (the server answered 409 with the
 * figures): both amounts, and an explicit confirmation before `acceptExpiredQuote` is sent.
 */
export function ExpiredQuoteDialog({
  applicationLabel,
  quote,
  busy,
  onConfirm,
  onClose,
}: ExpiredQuoteDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <ConfirmDialog
      open
      title={t('applications.expiredQuote.title', { id: applicationLabel })}
      confirmLabel={t('applications.expiredQuote.confirm')}
      tone="primary"
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>{t('applications.expiredQuote.text')}</p>
      <ExpiredQuoteFacts quote={quote} />
      {quote.currentRefusal && (
        <p className="muted">
          {sayRefusal({
            code: quote.currentRefusalCode,
            params: quote.currentRefusalParams,
            message: quote.currentRefusal,
          })}
        </p>
      )}
      <p>{t('applications.expiredQuote.question')}</p>
    </ConfirmDialog>
  );
}

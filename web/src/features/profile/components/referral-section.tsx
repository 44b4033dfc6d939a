import { Button } from '@web/components/ui/button';
import { CopyIcon } from '@web/components/ui/icons';
import { copyWithToast } from '@web/lib/clipboard';
import { useTranslation } from '@web/lib/i18n';
import { useId, useState } from 'react';
import { referralLink } from '../lib/display';

/** Collapsible referral programme: code, link with `ref`, copy buttons and the total (docs/product.md §2). */
export function ReferralSection({ code, total }: { code: string | null; total: number }) {
  const { t } = useTranslation(['profile', 'errors']);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const link = code ? referralLink(window.location.origin, code) : null;

  const copy = (text: string, successKey: string) =>
    copyWithToast(text, t(successKey), t('errors:profile.copyFailed'));

  return (
    <section className="card referral" aria-labelledby={`${panelId}-title`}>
      <h2 className="referral__heading" id={`${panelId}-title`}>
        <button
          type="button"
          className="referral__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          <span>{t('referral.title')}</span>
          <span className="referral__total">{t('referral.total', { count: total })}</span>
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="referral__body">
        <p className="muted">{t('referral.lead')}</p>
        {code && link ? (
          <dl className="referral__list">
            <CopyableItem
              term={t('referral.code')}
              value={code}
              copyLabel={t('referral.copyCode')}
              onCopy={() => copy(code, 'referral.codeCopied')}
            />
            <CopyableItem
              term={t('referral.link')}
              value={link}
              isLink
              copyLabel={t('referral.copyLink')}
              onCopy={() => copy(link, 'referral.linkCopied')}
            />
            <div className="referral__item">
              <dt>{t('referral.totalLabel')}</dt>
              <dd>
                <strong>{total}</strong>
              </dd>
            </div>
          </dl>
        ) : (
          <p>{t('referral.noCode')}</p>
        )}
      </div>
    </section>
  );
}

interface CopyableItemProps {
  term: string;
  value: string;
  /** Marks the value as the referral link (class `referral__value--link`). */
  isLink?: boolean;
  copyLabel: string;
  onCopy: () => void;
}

/** A referral value with its term and a button that copies it. */
function CopyableItem({ term, value, isLink, copyLabel, onCopy }: CopyableItemProps) {
  return (
    <div className="referral__item">
      <dt>{term}</dt>
      <dd>
        <code className={isLink ? 'referral__value referral__value--link' : 'referral__value'}>{value}</code>
        <Button variant="secondary" size="sm" onClick={onCopy}>
          <CopyIcon size={16} />
          {copyLabel}
        </Button>
      </dd>
    </div>
  );
}

import { PARTNER_STATISTICS_MAX_DAYS, type PartnerOverview } from '@shared/contract/partners';
import { partnerApiPayouts, partnerApiStatistics } from '@shared/routes/partners';
import { openApi } from '@shared/routes/system';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { CopyIcon } from '@web/components/ui/icons';
import { copyWithToast } from '@web/lib/clipboard';
import { useTranslation } from '@web/lib/i18n';
import { refusalText } from '@web/lib/refusal-text';
import { useState } from 'react';
import { partnerApi } from '../api/partner-api';
import { formatMoment } from '../lib/partner-format';

type ApiKey = NonNullable<PartnerOverview['apiKey']>;

interface ApiKeySectionProps {
  apiKey: PartnerOverview['apiKey'];
  timeZone: string;
  /** The new key's hint and date, for the page to show as the current key. */
  onIssued: (apiKey: ApiKey) => void;
}

/**
 * The partner API's key (docs/product.md "Partners"): the server keeps only its hash, so a new key
 * is shown once, here, with a copy button; issuing another stops the one before, so that asks
 * first. Beside it, the API's two calls and where they are described.
 */
export function ApiKeySection({ apiKey, timeZone, onIssued }: ApiKeySectionProps) {
  const { t, language } = useTranslation(['profile', 'errors']);
  const [issued, setIssued] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const issue = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const { key, hint, createdAt } = await partnerApi.issueKey();
      setIssued(key);
      setConfirming(false);
      onIssued({ hint, createdAt });
    } catch (error) {
      setProblem(refusalText(error, t('partner.api.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="partner-api-title">
      <h2 id="partner-api-title">{t('partner.api.title')}</h2>
      <p className="muted">{t('partner.api.lead')}</p>
      <ul className="partner-api__calls">
        <li>
          <code>
            {partnerApiStatistics.method} {partnerApiStatistics.path}?from=…&amp;to=…
          </code>{' '}
          — {t('partner.api.statistics', { max: PARTNER_STATISTICS_MAX_DAYS })}
        </li>
        <li>
          <code>
            {partnerApiPayouts.method} {partnerApiPayouts.path}
          </code>{' '}
          — {t('partner.api.payouts')}
        </li>
      </ul>
      <p>
        <a href={openApi.path} target="_blank" rel="noopener noreferrer">
          {t('partner.api.docs')}
        </a>
      </p>
      {issued && (
        <Alert tone="success">
          <p>{t('partner.api.issued')}</p>
          <div className="partner-copy">
            <code className="partner-code">{issued}</code>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => copyWithToast(issued, t('partner.api.copied'), t('errors:profile.copyFailed'))}
            >
              <CopyIcon size={16} />
              {t('partner.api.copy')}
            </Button>
          </div>
          <p>
            <strong>{t('partner.api.once')}</strong>
          </p>
        </Alert>
      )}
      <p>
        {apiKey
          ? t('partner.api.current', {
              hint: apiKey.hint,
              date: formatMoment(apiKey.createdAt, timeZone, language),
            })
          : t('partner.api.none')}
      </p>
      {problem && <Alert tone="danger">{problem}</Alert>}
      {confirming ? (
        // biome-ignore lint/a11y/useSemanticElements: a group of two buttons, not a form's fieldset.
        <div className="partner-confirm" role="group" aria-labelledby="partner-api-confirm">
          <p id="partner-api-confirm">{t('partner.api.confirm')}</p>
          <div className="partner-copy">
            <Button variant="danger" size="sm" loading={busy} onClick={() => void issue()}>
              {t('partner.api.confirmYes')}
            </Button>
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => setConfirming(false)}>
              {t('common:actions.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          variant={apiKey ? 'secondary' : 'primary'}
          size="sm"
          loading={busy}
          onClick={() => (apiKey ? setConfirming(true) : void issue())}
        >
          {apiKey ? t('partner.api.reissue') : t('partner.api.create')}
        </Button>
      )}
    </section>
  );
}

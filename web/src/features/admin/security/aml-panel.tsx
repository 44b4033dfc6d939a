import { Badge } from '@web/components/ui/badge';
import { useTranslation } from '@web/lib/i18n';
import { useResource } from '@web/lib/use-resource';
import { Loaded } from '../components/load-state';
import { formatNumber, formatUsdt } from '../lib/format';
import { PanelHead } from './panel-head';
import { securityApi } from './security-api';

/**
 * The AML check of incoming USDT on the security page (docs/architecture.md "AML adapter and
 * stand-in"): on while the provider's key is set, off without one (an operator sets it,
 * docs/operations.md), and this business month's checks and their cost. ADMIN reads; the price and
 * the threshold are settings.
 */
export function AmlPanel() {
  const { t, language } = useTranslation('admin');
  const status = useResource((signal) => securityApi.amlStatus(signal), []);
  return (
    <section className="card security-panel" aria-labelledby="security-aml-title">
      <PanelHead titleId="security-aml-title" title={t('security.aml.title')} resource={status} />
      <p className="muted security-panel__lead">{t('security.aml.description')}</p>
      <Loaded resource={status} errorTitle={t('security.aml.loadError')}>
        {(aml) => (
          <>
            <p className="security-panel__state">
              <Badge tone={aml.configured ? 'success' : 'neutral'}>
                {t(aml.configured ? 'security.aml.on' : 'security.aml.off')}
              </Badge>
            </p>
            {!aml.configured && (
              <p className="muted security-panel__note">{t('security.aml.howToConfigure')}</p>
            )}
            <p className="security-panel__note">
              {t('security.aml.usage', {
                month: aml.month,
                checks: formatNumber(aml.checks, language, 0),
                cost: formatUsdt(aml.cost, language),
              })}
            </p>
          </>
        )}
      </Loaded>
    </section>
  );
}

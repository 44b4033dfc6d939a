import type { Maintenance } from '@shared/contract/hours';
import type { Language } from '@shared/enums';
import { Alert } from '@web/components/ui/alert';
import { fetchExchangeStatus } from '@web/lib/exchange-api';
import { useTranslation } from '@web/lib/i18n';
import { useResource } from '@web/lib/use-resource';
import './quote.css';

/**
 * Maintenance as the landing page's calculator and /rates tell it, in staff's words rather than a
 * bare refusal (the apply form has its own notice): read from GET /status once `wanted` turns true
 * (the calculator asks only after the API refused a quote for maintenance); null until then, when
 * it cannot be read or when the exchange is not in maintenance.
 */
export function useMaintenance(wanted = true): Maintenance | null {
  const status = useResource(wanted ? fetchExchangeStatus : null, [wanted]).data;
  return status?.maintenance.active ? status.maintenance : null;
}

/** Staff's message in the visitor's language, else in the other one, else null. */
function staffWords(maintenance: Maintenance, language: Language): string | null {
  const { message } = maintenance;
  return message[language] || message[language === 'ru' ? 'en' : 'ru'] || null;
}

/** "Closed for maintenance" with staff's message under it, in a warning box. */
export function MaintenanceNotice({ maintenance }: { maintenance: Maintenance }) {
  const { t, language } = useTranslation('common');
  const words = staffWords(maintenance, language);
  return (
    <Alert tone="warning">
      <p className="maintenance-notice__title">
        <strong>{t('maintenance.title')}</strong>
      </p>
      {words && <p className="maintenance-notice__message">{words}</p>}
    </Alert>
  );
}

import { CANCEL_CONFIRM_TOAST_MS } from '@shared/constants';
import type { ApplicationView } from '@shared/contract/applications';
import { shortId } from '@shared/ids';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button, ButtonLink } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { applicationPath } from '@web/config/application-path';
import { paths } from '@web/config/paths';
import { usePlaceNames } from '@web/lib/geo-names';
import { useTranslation } from '@web/lib/i18n';
import { dateTimeFormat } from '@web/lib/intl-format';
import { useSideText } from '@web/lib/quote-format';
import { refusalText } from '@web/lib/refusal-text';
import { useResource } from '@web/lib/use-resource';
import { toast } from '@web/stores/toast-store';
import { Link } from 'react-router-dom';
import { cancelApplication, fetchMyApplications } from '../api/profile-api';
import { statusDisplay } from '../lib/display';

const LOCALES = { ru: 'ru-RU', en: 'en-GB' } as const;

/**
 * The latest 10 applications: a table on wide screens, cards on narrow ones, each id a link to its
 * order page (docs/product.md §2).
 */
export function MyApplications() {
  const { t, language } = useTranslation(['profile', 'forms', 'errors', 'common']);
  const list = useResource(fetchMyApplications, []);
  // A failed refresh shows the failure, not the list as it was.
  const items = list.error ? undefined : list.data;

  const placeName = usePlaceNames(language);
  const cityName = (key: string | null) => placeName(key) || '—';

  const date = dateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short' });
  const side = useSideText();

  const askCancel = (application: ApplicationView) => {
    toast.custom(t('applications.cancelConfirm', { id: shortId(application.id) }), {
      id: `cancel-${application.id}`,
      duration: CANCEL_CONFIRM_TOAST_MS,
      actions: [
        {
          label: t('applications.cancelYes'),
          tone: 'danger',
          onClick: async () => {
            try {
              await cancelApplication(application.id);
              toast.success(t('applications.cancelled'));
              list.reload();
            } catch (error) {
              toast.error(refusalText(error, t('errors:application.cancelFailed')));
            }
          },
        },
        { label: t('applications.cancelNo'), onClick: () => {} },
      ],
    });
  };

  return (
    <section className="card my-applications" aria-labelledby="my-applications-title">
      <div className="my-applications__head">
        <h2 id="my-applications-title">{t('applications.title')}</h2>
        <ButtonLink to={paths.apply} size="sm">
          {t('applications.create')}
        </ButtonLink>
      </div>
      {!list.error && !items && (
        <p className="row muted">
          <Spinner decorative /> {t('common:status.loading')}
        </p>
      )}
      {list.error ? <Alert tone="danger">{t('errors:application.loadFailed')}</Alert> : null}
      {items?.length === 0 && <p className="muted">{t('applications.empty')}</p>}
      {items && items.length > 0 && (
        <table className="data-table data-table--wide">
          <caption className="visually-hidden">{t('applications.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('applications.columns.id')}</th>
              <th scope="col">{t('applications.columns.date')}</th>
              <th scope="col">{t('applications.columns.type')}</th>
              <th scope="col">{t('applications.columns.gives')}</th>
              <th scope="col">{t('applications.columns.receives')}</th>
              <th scope="col">{t('applications.columns.city')}</th>
              <th scope="col">{t('applications.columns.status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('applications.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((application) => {
              const display = statusDisplay(application.status);
              return (
                <tr key={application.id} data-application-id={application.id}>
                  <td data-label={t('applications.columns.id')}>
                    <Link
                      className="mono"
                      to={applicationPath(application.id)}
                      aria-label={t('applications.open', { id: shortId(application.id) })}
                    >
                      {shortId(application.id)}
                    </Link>
                  </td>
                  <td data-label={t('applications.columns.date')}>
                    {date.format(new Date(application.createdAt))}
                  </td>
                  <td data-label={t('applications.columns.type')}>
                    {t(`applications.types.${application.requestType}`)}
                  </td>
                  <td data-label={t('applications.columns.gives')}>
                    {application.requestType === 'INDIVIDUAL'
                      ? application.details
                      : side(application.amountFrom, application.assetFrom)}
                  </td>
                  <td data-label={t('applications.columns.receives')}>
                    {application.requestType === 'INDIVIDUAL'
                      ? '—'
                      : side(application.amountTo, application.assetTo)}
                  </td>
                  <td data-label={t('applications.columns.city')}>{cityName(application.city)}</td>
                  <td data-label={t('applications.columns.status')}>
                    <div className="status-cell">
                      <Badge tone={display.tone}>
                        {display.known
                          ? t(`applications.statuses.${application.status}`)
                          : t('common:status.unknown')}
                      </Badge>
                      {application.rejectionReason && (
                        <span className="status-cell__reason">
                          {t('applications.rejectionReason', { reason: application.rejectionReason })}
                        </span>
                      )}
                    </div>
                  </td>
                  <td data-label={t('applications.columns.actions')}>
                    {application.status === 'PENDING' ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={t('applications.cancelLabel', { id: shortId(application.id) })}
                        onClick={() => askCancel(application)}
                      >
                        {t('applications.cancel')}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

import { ButtonLink } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useTranslation } from '../../lib/i18n';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <section className="container status-page" aria-labelledby="not-found-title">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p className="muted">{t('notFound.text')}</p>
      <div className="row status-page__actions">
        <ButtonLink to={paths.home}>{t('notFound.home')}</ButtonLink>
      </div>
    </section>
  );
}

import { ButtonLink } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useTranslation } from '../../lib/i18n';
import { StatusPage } from './status-page';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <StatusPage code="404" titleId="not-found-title" title={t('notFound.title')} text={t('notFound.text')}>
      <ButtonLink to={paths.home}>{t('notFound.home')}</ButtonLink>
    </StatusPage>
  );
}

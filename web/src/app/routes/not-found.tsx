import { StatusPage } from '@web/components/status/status-page';
import { ButtonLink } from '@web/components/ui/button';
import { paths } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <StatusPage code="404" titleId="not-found-title" title={t('notFound.title')} text={t('notFound.text')}>
      <ButtonLink to={paths.home}>{t('notFound.home')}</ButtonLink>
    </StatusPage>
  );
}

import { ButtonLink } from '@web/components/ui/button';
import { loginPath, paths, registerPath } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';
import { useLocation } from 'react-router-dom';
import { StatusPage } from './status-page';

/** Shown instead of a logged-in screen to visitors (login/register/home links), and to non-staff on /admin. */
export function AccessDeniedPage({ reason = 'login' }: { reason?: 'login' | 'staff' }) {
  const { t } = useTranslation('common');
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <StatusPage
      code="403"
      titleId="access-denied-title"
      title={t('accessDenied.title')}
      text={reason === 'staff' ? t('accessDenied.staffText') : t('accessDenied.text')}
    >
      {reason === 'login' && (
        <>
          <ButtonLink to={loginPath(here)}>{t('nav.login')}</ButtonLink>
          <ButtonLink to={registerPath(here)} variant="secondary">
            {t('nav.register')}
          </ButtonLink>
        </>
      )}
      <ButtonLink to={paths.home} variant="ghost">
        {t('notFound.home')}
      </ButtonLink>
    </StatusPage>
  );
}

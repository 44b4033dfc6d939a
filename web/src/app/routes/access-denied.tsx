import { useLocation } from 'react-router-dom';
import { ButtonLink } from '../../components/ui/button';
import { loginPath, paths, registerPath } from '../../config/paths';
import { useTranslation } from '../../lib/i18n';

/** Shown instead of a logged-in screen to visitors (login/register/home links), and to non-staff on /admin. */
export function AccessDeniedPage({ reason = 'login' }: { reason?: 'login' | 'staff' }) {
  const { t } = useTranslation('common');
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <section className="container status-page" aria-labelledby="access-denied-title">
      <p className="status-page__code" aria-hidden="true">
        403
      </p>
      <h1 id="access-denied-title">{t('accessDenied.title')}</h1>
      <p className="muted">{reason === 'staff' ? t('accessDenied.staffText') : t('accessDenied.text')}</p>
      <div className="row status-page__actions">
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
      </div>
    </section>
  );
}

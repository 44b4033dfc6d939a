import { paths } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';
import { selectIsStaff, useAuthStore } from '@web/stores/auth-store';
import { Link, NavLink } from 'react-router-dom';
import { ButtonLink } from '../ui/button-link';
import { SvgIcon } from '../ui/svg-icon';
import { useDocumentTitle } from './document-title';
import { LanguageSwitcher } from './language-switcher';

export function Header() {
  const { t } = useTranslation('common');
  const user = useAuthStore((state) => state.user);
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const isStaff = useAuthStore(selectIsStaff);
  useDocumentTitle();

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={paths.home} className="brand">
          <span className="brand__mark">
            <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
              <rect width="32" height="32" rx="8" fill="currentColor" />
              <path
                d="M9 12h11l-3-3M23 20H12l3 3"
                fill="none"
                stroke="#fff"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </span>
          <span className="brand__label">{isStaff ? t('brand.adminTitle') : t('brand.title')}</span>
        </Link>
        <nav className="site-nav" aria-label={t('nav.label')}>
          <NavLink to={paths.apply} className="site-nav__link">
            {t('nav.applications')}
          </NavLink>
          <NavLink to={paths.rates} className="site-nav__link">
            {t('nav.rates')}
          </NavLink>
        </nav>
        <div className="site-header__lang">
          <LanguageSwitcher />
        </div>
        <div className="site-header__actions">
          {isAuthenticated && user ? (
            <>
              <Link to={paths.profile} className="avatar-link" aria-label={t('nav.profile')}>
                {user.photo_url ? (
                  <img src={user.photo_url} alt="" width={36} height={36} className="avatar avatar--sm" />
                ) : (
                  <span className="avatar avatar--sm avatar--placeholder">
                    {/* Not UserIcon: ui/icons would join the landing page's first chunk. */}
                    <SvgIcon>
                      <circle cx="12" cy="8" r="4" />
                      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
                    </SvgIcon>
                  </span>
                )}
              </Link>
              {/* The spec's order: the avatar, then the Admin button for staff. */}
              {isStaff && (
                <ButtonLink to={paths.admin} variant="secondary" size="sm">
                  {t('nav.admin')}
                </ButtonLink>
              )}
            </>
          ) : (
            <>
              <ButtonLink to={paths.login} variant="ghost" size="sm">
                {t('nav.login')}
              </ButtonLink>
              <ButtonLink to={paths.register} variant="primary" size="sm">
                {t('nav.register')}
              </ButtonLink>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

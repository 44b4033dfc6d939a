import { MfaSettings } from '@web/components/mfa/mfa-settings';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ExternalIcon, UserIcon } from '@web/components/ui/icons';
import { paths } from '@web/config/paths';
import { SUPPORT_URL } from '@web/config/support';
import { useTranslation } from '@web/lib/i18n';
import { useAuthStore } from '@web/stores/auth-store';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ChangePasswordModal } from './change-password-modal';
import { EditProfileModal } from './edit-profile-modal';
import { MyApplications } from './my-applications';
import { NotificationsPanel } from './notifications-panel';
import { ReferralSection } from './referral-section';
import { TelegramSection } from './telegram-section';
import '../profile.css';

type OpenModal = 'edit' | 'password' | null;

export function ProfilePage() {
  const { t } = useTranslation(['profile', 'errors']);
  const user = useAuthStore((state) => state.user);
  const logout = useAuthStore((state) => state.logout);
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const fetchCurrentUser = useAuthStore((state) => state.fetchCurrentUser);
  const navigate = useNavigate();
  const [modal, setModal] = useState<OpenModal>(null);

  // The user is loaded once at start-up, while referrals, completed applications and the email
  // check change on the server meanwhile: opening the profile shows them as they are now.
  useEffect(() => {
    if (isAuthenticated) void fetchCurrentUser();
  }, [isAuthenticated, fetchCurrentUser]);

  if (!user) {
    return (
      <div className="container page">
        <Alert tone="danger">
          <p>{t('errors:profile.notAuthenticated')}</p>
          <Link to={paths.login}>{t('toLogin')}</Link>
        </Alert>
      </div>
    );
  }

  const onLogout = async () => {
    await logout();
    navigate(paths.home, { replace: true });
  };

  return (
    <div className="container page profile-page">
      <h1 className="page__title">{t('title')}</h1>
      <div className="profile-layout">
        <section className="card profile-card" aria-labelledby="profile-name">
          {user.photo_url ? (
            <img className="avatar avatar--lg" src={user.photo_url} alt="" width={80} height={80} />
          ) : (
            <span className="avatar avatar--lg">
              <UserIcon size={40} />
            </span>
          )}
          <div className="profile-card__identity">
            <h2 id="profile-name" className="profile-card__name">
              {user.username ?? user.email}
            </h2>
            <p className="profile-card__email">
              <span>{user.email}</span>
              <Badge tone={user.emailVerified ? 'success' : 'warning'}>
                {user.emailVerified ? t('verified') : t('notVerified')}
              </Badge>
            </p>
            <p className="muted profile-card__stats">
              {t('completedApplications', { count: user.applicationCount })}
            </p>
          </div>
          <div className="profile-card__actions">
            <Button variant="secondary" size="sm" onClick={() => setModal('edit')}>
              {t('edit.open')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setModal('password')}>
              {t('password.open')}
            </Button>
            <a
              className="btn btn--ghost btn--sm"
              href={SUPPORT_URL}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('contactAdmin')}
              <ExternalIcon size={16} />
              <span className="visually-hidden">{t('opensInNewTab')}</span>
            </a>
            <Button variant="ghost" size="sm" onClick={onLogout}>
              {t('logout')}
            </Button>
          </div>
        </section>
        <div className="profile-side">
          <NotificationsPanel />
          <ReferralSection code={user.referralCode} total={user.referralCount} />
          <MfaSettings user={user} />
          <TelegramSection user={user} />
          <section className="card" aria-labelledby="verification-link">
            <h2 id="verification-link">
              <Link to={paths.verification}>{t('verification.link')}</Link>
            </h2>
            <p className="muted">{t('verification.tierHint')}</p>
          </section>
          <section className="card" aria-labelledby="partner-link">
            <h2 id="partner-link">
              <Link to={paths.partner}>{t('partner.link')}</Link>
            </h2>
            <p className="muted">{t('partner.linkHint')}</p>
          </section>
        </div>
      </div>
      <MyApplications />
      <EditProfileModal open={modal === 'edit'} onClose={() => setModal(null)} user={user} />
      <ChangePasswordModal open={modal === 'password'} onClose={() => setModal(null)} />
    </div>
  );
}

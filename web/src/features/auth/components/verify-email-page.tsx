import { VERIFY_EMAIL_REDIRECT_MS } from '@shared/constants';
import { Alert } from '@web/components/ui/alert';
import { PageSpinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';
import { localizeServerMessage } from '@web/lib/server-message';
import { useAuthStore } from '@web/stores/auth-store';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { verifyEmail } from '../api/auth-flows';
import { AuthCard } from './auth-card';

/**
 * Loading, then success (logged in; /profile after 2.5 s) or an error with a login link (§2, §4).
 * @public the router loads it lazily through the feature's index (a member knip cannot follow)
 */
export function VerifyEmailPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const status = useAuthStore((state) => state.verificationStatus);
  const verificationError = useAuthStore((state) => state.verificationError);
  const verificationMessage = useAuthStore((state) => state.verificationMessage);
  // The token works once: never send it twice (React's development double effects included).
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token) {
      useAuthStore.setState({ verificationStatus: 'error', verificationError: null });
      return;
    }
    if (sentFor.current === token) return;
    sentFor.current = token;
    void verifyEmail(token);
  }, [token]);

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => navigate(paths.profile, { replace: true }), VERIFY_EMAIL_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  useEffect(
    () => () =>
      useAuthStore.setState({
        verificationStatus: 'idle',
        verificationError: null,
        verificationMessage: null,
      }),
    [],
  );

  if (status === 'success') {
    return (
      <AuthCard title={t('verify.title')}>
        <div className="auth-result">
          <Alert tone="success">
            <p>{localizeServerMessage(verificationMessage, t('verify.success'))}</p>
            <p>{t('verify.redirecting')}</p>
          </Alert>
          <Link to={paths.profile}>{t('verify.toProfile')}</Link>
        </div>
      </AuthCard>
    );
  }
  if (status === 'error') {
    const fallback = token ? t('errors:auth.verificationFailed') : t('errors:auth.verificationTokenMissing');
    return (
      <AuthCard title={t('verify.title')}>
        <div className="auth-result">
          <Alert tone="danger">
            <p>{localizeServerMessage(verificationError, fallback)}</p>
          </Alert>
          <Link to={paths.login}>{t('verify.toLogin')}</Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('verify.title')}>
      <PageSpinner label={t('verify.loading')} />
    </AuthCard>
  );
}

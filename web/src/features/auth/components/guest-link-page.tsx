import { Alert } from '@web/components/ui/alert';
import { applicationPath } from '@web/config/application-path';
import { loginPath, paths } from '@web/config/paths';
import { ApiError } from '@web/lib/api-client';
import { useTranslation } from '@web/lib/i18n';
import { refusalText } from '@web/lib/refusal-text';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { joinGuestApplicationLink, openGuestOrderLink } from '../api/auth-flows';
import { useLinkToken } from '../lib/link-token';
import { AuthCard } from './auth-card';

type LinkState = { kind: 'working' } | { kind: 'joined'; id: string } | { kind: 'failed'; message: string };

/**
 * A guest's mailed links (docs/product.md §5 "Guest exchange"): `/guest/order#token=…` opens the
 * order with a session of its account, or sends its owner to sign in once the account has a
 * password; `/guest/join#token=…` adds the application to the owner's account, who then signs in to
 * follow it. Each link is sent once per visit of the page (a join works only once).
 * @public the router loads it lazily through the feature's index (a member knip cannot follow)
 */
export function GuestLinkPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const token = useLinkToken();
  const joining = pathname.endsWith('/join');
  const [state, setState] = useState<LinkState>(() =>
    token ? { kind: 'working' } : { kind: 'failed', message: t('errors:GuestLinkInvalid') },
  );
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    const use = async () => {
      try {
        if (joining) {
          setState({ kind: 'joined', id: await joinGuestApplicationLink(token) });
        } else {
          navigate(applicationPath(await openGuestOrderLink(token)), { replace: true });
        }
      } catch (error) {
        const id = error instanceof ApiError ? error.params?.applicationId : undefined;
        if (error instanceof ApiError && error.code === 'GuestOrderNeedsSignIn' && typeof id === 'string') {
          navigate(loginPath(applicationPath(id)), { replace: true });
          return;
        }
        setState({ kind: 'failed', message: refusalText(error, t('errors:GuestLinkInvalid')) });
      }
    };
    void use();
  }, [token, joining, navigate, t]);

  return (
    <AuthCard title={t(joining ? 'guest.joinTitle' : 'guest.orderTitle')}>
      <div className="auth-result" aria-live="polite">
        {state.kind === 'working' && <p>{t('guest.working')}</p>}
        {state.kind === 'joined' && (
          <>
            <Alert tone="success">
              <p>{t('guest.joined')}</p>
            </Alert>
            <Link to={loginPath(applicationPath(state.id))}>{t('guest.signInToFollow')}</Link>
          </>
        )}
        {state.kind === 'failed' && (
          <>
            <Alert tone="danger">
              <p>{state.message}</p>
            </Alert>
            <Link to={paths.login}>{t('guest.toLogin')}</Link>
          </>
        )}
      </div>
    </AuthCard>
  );
}

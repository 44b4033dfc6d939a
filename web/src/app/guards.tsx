import { lazy, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../components/ui/page-spinner';
import { safeRedirect } from '../config/paths';
import { useTranslation } from '../lib/i18n';
import { useAuthStore } from '../stores/auth-store';

const AccessDeniedPage = lazy(() =>
  import('@web/components/status/access-denied').then((m) => ({ default: m.AccessDeniedPage })),
);

function SessionPending() {
  const { t } = useTranslation('common');
  return <PageSpinner label={t('status.loading')} />;
}

/**
 * Guests only: a logged-in user is sent to the profile, or to `redirectTo` when given (docs/product.md
 * §2). While the session is being restored the page shows as to a guest, as it is prerendered
 * (docs/architecture.md §13), so hydration finds the same markup.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const [params] = useSearchParams();
  if (isAuthenticated) {
    // Right after logging in on /login?redirectTo=..., this is where the user wanted to go.
    return <Navigate to={safeRedirect(params.get('redirectTo'))} replace />;
  }
  return children;
}

/** Logged-in users only: visitors see the access-denied screen with login and register links. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const initializing = useAuthStore((state) => state.initializing);
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  if (initializing) return <SessionPending />;
  if (!isAuthenticated) return <AccessDeniedPage reason="login" />;
  return children;
}

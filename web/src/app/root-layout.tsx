import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Header } from '../components/layout/header';
import { PageSpinner } from '../components/ui/page-spinner';
import { useTranslation } from '../lib/i18n';
import { useToastStore } from '../stores/toast-store';
import '../components/layout/layout.css';

// Below the fold on every screen: its code loads right after the first render.
const Footer = lazy(() => import('../components/layout/footer'));
// Loaded with the first toast: most visits of the landing page never show one.
const ToastList = lazy(() => import('../components/ui/toaster'));

/** `?ref=CODE` anywhere on the site: kept in a cookie for 7 days and removed from the URL (§4). */
function useReferralCapture() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const ref = params.get('ref');
    if (ref === null) return;
    params.delete('ref');
    const search = params.toString();
    // Its code loads on such a visit only, outside the landing page's first script; the address is
    // cleaned once the code is kept, unless the visitor has moved on meanwhile.
    void import('../lib/referral-cookie').then((referral) => {
      referral.saveReferralCode(ref);
      if (new URLSearchParams(window.location.search).get('ref') !== ref) return;
      navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
        { replace: true },
      );
    });
  }, [location, navigate]);
}

/**
 * Where the visitor came from (a monitor's link, a campaign, another site), read as they arrive;
 * its code loads after the first render, outside the landing page's first script.
 */
function useVisitSourceCapture() {
  useEffect(() => {
    const { search, hostname } = window.location;
    const { referrer } = document;
    void import('../lib/visit-source').then((visit) => visit.rememberVisitSource(search, referrer, hostname));
  }, []);
}

function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolling is the effect of a path change.
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [pathname]);
}

/**
 * Marks `#root[data-ready]` (what the e2e tests wait for) once the first page's own content has
 * hydrated or rendered: from the page's Suspense boundary, which hydrates after the shell around
 * it, so the mark does not come while the page's prerendered HTML is still without handlers.
 */
function MarkPageReady() {
  useEffect(() => {
    document.getElementById('root')?.setAttribute('data-ready', '');
  }, []);
  return null;
}

export function RootLayout() {
  const { t } = useTranslation('common');
  useReferralCapture();
  useVisitSourceCapture();
  useScrollToTopOnNavigate();
  const hasToasts = useToastStore((state) => state.toasts.length > 0);
  return (
    <div className="site-shell">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<PageSpinner label={t('status.loading')} />}>
          <Outlet />
          <MarkPageReady />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <div className="toaster" aria-live="polite">
        {hasToasts && (
          <Suspense fallback={null}>
            <ToastList />
          </Suspense>
        )}
      </div>
    </div>
  );
}

/**
 * Every route of the web app in one table (docs/product.md §2), with who may open it (the router applies
 * the guards: guest-only routes send logged-in users to the profile, user routes show access
 * denied to visitors, /admin checks the staff role itself).
 */
export const paths = {
  home: '/', // public
  licenseAgreement: '/license-agreement', // public
  privacyPolicy: '/privacy-policy', // public
  faq: '/faq', // public
  amlKyc: '/aml-kyc', // public
  rates: '/rates', // public
  verifyEmail: '/verify-email', // public (query token)
  login: '/login', // guests only (query redirectTo)
  register: '/register', // guests only
  forgotPassword: '/forgot-password', // guests only
  resetPassword: '/reset-password', // guests only (query token)
  apply: '/apply', // everyone: a visitor applies as a guest, with an email
  guestLink: '/guest/:action', // public: a guest's mailed links (order, join; token in the fragment)
  profile: '/profile', // logged-in users
  verification: '/profile/verification', // logged-in users: cards and verification
  partner: '/partner', // logged-in users: the partner programme (link, earnings, payouts, API key)
  order: '/applications/:id', // the application's owner (visitors go to the login; others: not found)
  admin: '/admin', // staff
} as const;

export const DEFAULT_AFTER_LOGIN = paths.profile;

/** `/login?redirectTo=...`, keeping only same-site paths so the parameter cannot send users elsewhere. */
export function loginPath(redirectTo?: string | null): string {
  const target = safeRedirect(redirectTo);
  return target === DEFAULT_AFTER_LOGIN
    ? paths.login
    : `${paths.login}?redirectTo=${encodeURIComponent(target)}`;
}

export function registerPath(redirectTo?: string | null): string {
  const target = safeRedirect(redirectTo);
  return target === DEFAULT_AFTER_LOGIN
    ? paths.register
    : `${paths.register}?redirectTo=${encodeURIComponent(target)}`;
}

/** The origin a target is resolved against: the site's own (a stand-in where there is no window: prerendering). */
function siteOrigin(): string {
  return typeof window === 'undefined' ? 'https://site.invalid' : window.location.origin;
}

/**
 * A `redirectTo` the app may follow: resolved against the site's origin the way the browser would
 * resolve it (tabs and newlines dropped, `\` read as `/`), it must stay on that origin, and both what
 * was sent and what it resolves to must be a path starting with a single `/`; the resolved path,
 * query and fragment are followed. Anything else goes to the profile. Comparing origins rather than
 * patterns of the text leaves no spelling of another site (`/%09/evil.example`) to slip through.
 */
export function safeRedirect(redirectTo?: string | null): string {
  if (!redirectTo?.startsWith('/') || redirectTo.startsWith('//')) return DEFAULT_AFTER_LOGIN;
  const origin = siteOrigin();
  let target: URL;
  try {
    target = new URL(redirectTo, origin);
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
  if (target.origin !== origin || target.pathname.startsWith('//')) return DEFAULT_AFTER_LOGIN;
  return `${target.pathname}${target.search}${target.hash}`;
}

/**
 * Every route of the web app in one table (docs/product.md §2), with who may open it (the router applies
 * the guards: guest-only routes send logged-in users to the profile, user routes show access
 * denied to visitors, /admin checks the staff role itself).
 */
export const paths = {
  home: '/', // public
  licenseAgreement: '/license-agreement', // public
  privacyPolicy: '/privacy-policy', // public
  rates: '/rates', // public
  verifyEmail: '/verify-email', // public (query token)
  login: '/login', // guests only (query redirectTo)
  register: '/register', // guests only
  forgotPassword: '/forgot-password', // guests only
  resetPassword: '/reset-password', // guests only (query token)
  apply: '/apply', // logged-in users
  profile: '/profile', // logged-in users
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

export function safeRedirect(redirectTo?: string | null): string {
  if (!redirectTo?.startsWith('/') || redirectTo.startsWith('//') || redirectTo.includes('\\')) {
    return DEFAULT_AFTER_LOGIN;
  }
  return redirectTo;
}

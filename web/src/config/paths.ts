/**
 * Every route of the web app in one table (spec §2). `access` drives the guards: guests-only routes
 * send logged-in users to the profile, user routes show access denied to visitors.
 */
export type RouteAccess = 'public' | 'guest' | 'user' | 'staff';

export const paths = {
  home: { path: '/', access: 'public' },
  licenseAgreement: { path: '/license-agreement', access: 'public' },
  privacyPolicy: { path: '/privacy-policy', access: 'public' },
  verifyEmail: { path: '/verify-email', access: 'public' },
  login: { path: '/login', access: 'guest' },
  register: { path: '/register', access: 'guest' },
  forgotPassword: { path: '/forgot-password', access: 'guest' },
  resetPassword: { path: '/reset-password', access: 'guest' },
  apply: { path: '/apply', access: 'user' },
  profile: { path: '/profile', access: 'user' },
  admin: { path: '/admin', access: 'staff' },
} as const satisfies Record<string, { path: string; access: RouteAccess }>;

export const DEFAULT_AFTER_LOGIN = paths.profile.path;

/** `/login?redirectTo=...`, keeping only same-site paths so the parameter cannot send users elsewhere. */
export function loginPath(redirectTo?: string | null): string {
  const target = safeRedirect(redirectTo);
  return target === DEFAULT_AFTER_LOGIN
    ? paths.login.path
    : `${paths.login.path}?redirectTo=${encodeURIComponent(target)}`;
}

export function registerPath(redirectTo?: string | null): string {
  const target = safeRedirect(redirectTo);
  return target === DEFAULT_AFTER_LOGIN
    ? paths.register.path
    : `${paths.register.path}?redirectTo=${encodeURIComponent(target)}`;
}

export function safeRedirect(redirectTo?: string | null): string {
  if (!redirectTo?.startsWith('/') || redirectTo.startsWith('//') || redirectTo.includes('\\')) {
    return DEFAULT_AFTER_LOGIN;
  }
  return redirectTo;
}

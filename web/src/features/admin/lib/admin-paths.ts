import type { AdminSection } from '@shared/admin-sections';

/** The admin sub-pages (docs/product.md §2), relative to /admin, and the section each belongs to. */
export const ADMIN_BASE = '/admin';

export const adminPages = {
  dashboard: { path: '', section: 'dashboard', nav: true },
  users: { path: 'user-management', section: 'users', nav: true },
  applications: { path: 'application-management', section: 'applications', nav: true },
  rates: { path: 'exchange-rates', section: 'rates', nav: true },
  reserves: { path: 'reserves', section: 'reserves', nav: true },
  geo: { path: 'geo-management', section: 'geo', nav: true },
  settings: { path: 'system-settings', section: 'settings', nav: true },
  transactions: { path: 'transaction-history', section: 'transactions', nav: true },
  ledger: { path: 'accounts', section: 'ledger', nav: true },
  security: { path: 'security-settings', section: 'security', nav: true },
  payments: { path: 'payment-gateways', section: 'payments', nav: true },
  blacklists: { path: 'blacklists', section: 'blacklists', nav: true },
  verification: { path: 'verification', section: 'verification', nav: true },
  audit: { path: 'audit', section: 'audit', nav: true },
  analytics: { path: 'analytics-reports', section: 'reports', nav: true },
  partners: { path: 'partners', section: 'partners', nav: true },
  pages: { path: 'pages', section: 'pages', nav: true },
} as const satisfies Record<string, { path: string; section: AdminSection; nav: boolean }>;

export type AdminPageId = keyof typeof adminPages;

/** The absolute URL of an admin page, with an optional query. */
export function adminHref(page: AdminPageId, query?: Record<string, string | undefined>): string {
  const path = adminPages[page].path;
  const base = path ? `${ADMIN_BASE}/${path}` : ADMIN_BASE;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value) params.set(name, value);
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

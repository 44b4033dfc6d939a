/**
 * The site's security headers, served by CloudFront's response headers policy in AWS and by the
 * local server, so what is tested locally is what ships. The market-data host is the ticker's.
 */
export const MARKET_DATA_ORIGIN = 'https://api.coingecko.com';

export function contentSecurityPolicy(extraConnectSources: string[] = []): string {
  return policy(`connect-src ${["'self'", MARKET_DATA_ORIGIN, ...extraConnectSources].join(' ')}`);
}

/**
 * The API reference at /api/docs (web/api-docs.html, Swagger UI bundled from swagger-ui-dist) has a
 * policy of its own, sent on that path only: the viewer is served from the site's own files, styles
 * itself inline and reads only /api/openapi.json, so it needs nothing beyond the app's policy and its
 * connect-src is the site alone (no market-data host). test/e2e/api-docs.test.ts fails on any refusal.
 */
export const API_DOCS_PATH = '/api/docs';
/** The built page served at API_DOCS_PATH (CloudFront rewrites the path to it; so does the local server). */
export const API_DOCS_FILE = '/api-docs.html';

export function apiDocsContentSecurityPolicy(): string {
  return policy("connect-src 'self'");
}

function policy(connectSources: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    connectSources,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

export const HSTS_MAX_AGE_SECONDS = 63_072_000;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

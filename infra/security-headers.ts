/**
 * The site's security headers, served by CloudFront's response headers policy in AWS and by the
 * local server, so what is tested locally is what ships. The market-data host is the ticker's.
 */
export const MARKET_DATA_ORIGIN = 'https://api.coingecko.com';

export function contentSecurityPolicy(extraConnectSources: string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src ${["'self'", MARKET_DATA_ORIGIN, ...extraConnectSources].join(' ')}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

export const HSTS_MAX_AGE_SECONDS = 63_072_000;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

import { createHash } from 'node:crypto';
import { PAGE_SCRIPTS_LOADER } from '@shared/site-pages';

/**
 * The site's security headers, served by CloudFront's response headers policy in AWS and by the
 * local server, so what is tested locally is what ships. The page talks to its own origin only
 * (the ticker's market data comes through `/api/market/ticker`).
 */
/** The API reference page (web/api-docs.html, Swagger UI from swagger-ui-dist) is served at this path. */
export const API_DOCS_PATH = '/api/docs';
/** The built page served at API_DOCS_PATH (CloudFront rewrites the path to it; so does the local server). */
export const API_DOCS_FILE = '/api-docs.html';

/** The CSP source that allows the prerendered pages' one inline script, and no other. */
export function pageScriptsLoaderSource(): string {
  return `'sha256-${createHash('sha256').update(PAGE_SCRIPTS_LOADER).digest('base64')}'`;
}

/**
 * One policy for the app and the API reference page: both are the site's own files, style
 * themselves inline and read only this origin (test/e2e/api-docs.test.ts fails on any refusal);
 * the only inline script allowed is the prerendered pages' loader of their scripts, by its hash.
 * The one other place the page talks to is the uploads bucket (`uploads`: its origins, from
 * infra/uploads-bucket.ts in AWS, the S3 stand-in locally): files are POSTed there (connect-src) and
 * shown from their read links (img-src).
 */
export function contentSecurityPolicy(
  uploads: readonly string[] = [],
  sockets: readonly string[] = [],
): string {
  const bucket = uploads.map((source) => ` ${source}`).join('');
  // Live push's WebSocket (docs/architecture.md §15): the API Gateway stage's wss:// URL in AWS.
  const live = sockets.map((source) => ` ${source}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self' ${pageScriptsLoaderSource()}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${bucket}`,
    `connect-src 'self'${bucket}${live}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

export const HSTS_MAX_AGE_SECONDS = 63_072_000;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

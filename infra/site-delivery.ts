/**
 * How the site's files are delivered, shared by the web stack (S3 metadata, CloudFront) and the
 * local server, so local measurements are measurements of production (docs/architecture.md §8).
 */

/** Vite's content-hashed build output (web/dist/assets/): a changed file gets a new name. */
export const HASHED_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The content types of the site's text files (html, js, css, json, svg, txt), each one CloudFront
 * compresses: its list of compressible types is longer, these are the ones the build ships.
 */
export const COMPRESSIBLE_CONTENT_TYPES = [
  'text/html',
  'text/css',
  'text/javascript',
  'application/javascript',
  'application/json',
  'image/svg+xml',
  'text/plain',
] as const;

/** CloudFront compresses files of at least this size (and at most 10 MB). */
export const MIN_COMPRESSED_BYTES = 1000;

export function isCompressible(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return (COMPRESSIBLE_CONTENT_TYPES as readonly string[]).includes(type);
}

export type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding CloudFront would answer for an `Accept-Encoding` header: brotli when the viewer
 * accepts it, else gzip, else none; a `q=0` refuses an encoding.
 */
export function chooseEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const refused = params.some((param) => /^q=0(\.0*)?$/.test(param));
    if (name && !refused) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

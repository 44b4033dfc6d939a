import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { PAGE_CACHE_CONTROL } from '@shared/site-pages';
import { routePage, type ViewerRequest } from '../edge/page-router';
import {
  type ContentEncoding,
  chooseEncoding,
  HASHED_ASSET_CACHE_CONTROL,
  isCompressible,
  MIN_COMPRESSED_BYTES,
} from '../site-delivery';

/** The content type of each kind of file the site ships, by extension (S3 guesses the same). */
export const SITE_CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The request as a CloudFront Function sees it: the URI, the query, the cookies and the headers. */
function viewerRequest(request: IncomingMessage): ViewerRequest {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const cookies: Record<string, { value: string }> = {};
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0) cookies[part.slice(0, separator).trim()] = { value: part.slice(separator + 1).trim() };
  }
  const headers: Record<string, { value: string }> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers[name] = { value };
  }
  return {
    uri: url.pathname,
    querystring: Object.fromEntries([...url.searchParams].map(([name, value]) => [name, { value }])),
    cookies,
    headers,
  };
}

function decoded(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

const compressors: Record<ContentEncoding, (body: Buffer) => Promise<Buffer>> = {
  // Mid quality: CloudFront compresses on the fly too, not at brotli's slowest setting.
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 6 }),
};

/** The site bucket's page at a key (`ru/index.html`), as the publisher last wrote it; undefined: none. */
export type SitePageSource = (key: string) => { body: Buffer; etag: string } | undefined;

/**
 * Serves the built web app like the CloudFront distribution: each request first goes through the
 * distribution's viewer-request function (infra/edge/page-router.ts: a page path becomes its
 * prerendered HTML in the visitor's language, a client-rendered route the app shell), then the file
 * is served when it exists, 404 otherwise (a page from the site bucket's stand-in when it holds
 * one, as the publisher rewrites them there; infra/local/stack.ts); hashed assets cached for
 * a year, the rest revalidated; text files of 1,000 bytes or more compressed with brotli or gzip
 * as the viewer's `Accept-Encoding` allows (infra/site-delivery.ts).
 */
export function staticSiteListener(
  rootDir: string,
  securityHeaders: Record<string, string>,
  sitePage?: SitePageSource,
) {
  const root = normalize(rootDir);
  // Compressed bodies by file, version (modification time or ETag) and encoding: each is compressed once.
  const compressed = new Map<string, Buffer>();
  const encodedBody = async (file: string, body: Buffer, encoding: ContentEncoding, version: string) => {
    const key = `${encoding} ${version} ${file}`;
    let encoded = compressed.get(key);
    if (!encoded) {
      encoded = await compressors[encoding](body);
      compressed.set(key, encoded);
    }
    return encoded;
  };
  return async (request: IncomingMessage, response: ServerResponse) => {
    const pathname = decoded(routePage(viewerRequest(request)));
    if (pathname === undefined) {
      response.writeHead(400, { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Bad request');
      return;
    }
    const candidate = normalize(join(root, pathname));
    const inside = candidate === root || candidate.startsWith(root + sep);
    const file = candidate;
    const page = inside && extname(file) === '.html' ? sitePage?.(pathname.slice(1)) : undefined;
    const fileStat = inside && !page ? await statOf(file) : undefined;
    if (!page && !fileStat?.isFile()) {
      if (!(await statOf(join(root, 'index.html')))?.isFile()) {
        response.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
        response.end('The web app is not built: run `npm run build:web` (npm start does it for you).');
        return;
      }
      response.writeHead(404, { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Not found');
      return;
    }
    const contentType = SITE_CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
    const immutable = file.startsWith(join(root, 'assets') + sep);
    const compressible = isCompressible(contentType);
    let body: Buffer = page ? page.body : await readFile(file);
    const encoding =
      compressible && body.length >= MIN_COMPRESSED_BYTES
        ? chooseEncoding(request.headers['accept-encoding'])
        : undefined;
    const version = page ? page.etag : String(fileStat?.mtimeMs);
    if (encoding) body = await encodedBody(file, body, encoding, version);
    response.writeHead(200, {
      ...securityHeaders,
      'Content-Type': contentType,
      'Content-Length': body.length,
      'Cache-Control': immutable ? HASHED_ASSET_CACHE_CONTROL : PAGE_CACHE_CONTROL,
      ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  };
}

async function statOf(path: string) {
  try {
    return await stat(path);
  } catch {
    return undefined;
  }
}

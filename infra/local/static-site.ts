import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
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

function decodedPath(url: string | undefined): string | undefined {
  try {
    return decodeURIComponent(new URL(url ?? '/', 'http://localhost').pathname);
  } catch {
    return undefined;
  }
}

/**
 * Serves the built web app like the CloudFront distribution: files when they exist, index.html
 * for other extension-less paths (SPA fallback), 404 for missing files; hashed assets cached for
 * a year, the rest revalidated.
 */
export function staticSiteListener(rootDir: string, securityHeaders: Record<string, string>) {
  const root = normalize(rootDir);
  return async (request: IncomingMessage, response: ServerResponse) => {
    const pathname = decodedPath(request.url);
    if (pathname === undefined) {
      response.writeHead(400, { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Bad request');
      return;
    }
    const candidate = normalize(join(root, pathname));
    const inside = candidate === root || candidate.startsWith(root + sep);
    const found = inside && (await isFile(candidate));
    // Like the distribution's rewrite: only extension-less paths (client routes) get index.html.
    if (!found && extname(pathname) !== '') {
      response.writeHead(404, { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Not found');
      return;
    }
    const file = found ? candidate : join(root, 'index.html');
    if (!(await isFile(file))) {
      response.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('The web app is not built: run `npm run build:web` (npm start does it for you).');
      return;
    }
    const immutable = file.includes(`${sep}assets${sep}`);
    response.writeHead(200, {
      ...securityHeaders,
      'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(file).pipe(response);
  };
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import {
  LANDING_BUDGET_GZIP_BYTES,
  ROUTE_MODULES,
  type RouteSize,
  readManifest,
  routeSizes,
} from '../e2e/support/route-sizes';

/** A production build of the web app, with Vite's manifest, into `outDir`. */
export async function buildWebApp(outDir: string): Promise<void> {
  const nodeEnv = process.env.NODE_ENV;
  // A production build whatever the caller's NODE_ENV (Vite keeps a set one).
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(import.meta.dirname, '../../web/vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

/** What CloudFront serves a visitor's browser: requests and bytes (gzip -9 standing in for its compression). */
export interface SiteVisit {
  requests: number;
  bytes: number;
}

export interface SiteVisits {
  /** A first visit with an empty cache: the landing page, register, apply and the order page. */
  cold: SiteVisit;
  /** A later visit's page with the hashed assets cached (immutable): its HTML again. */
  warmPage: SiteVisit;
}

/** The routes a client's first visit goes through, in ROUTE_MODULES' names. */
const FIRST_VISIT_ROUTES = [
  '/',
  '/login, /register, /forgot-password, /reset-password, /verify-email',
  '/apply',
  '/applications/:id',
];

/**
 * The built site's files a first visit downloads: the prerendered landing and register pages (ru),
 * each route's JavaScript and its static imports, their CSS, one language's locale files (half the
 * JSON files, both languages being built) and the icon.
 */
function siteVisits(distDir: string, sizes: RouteSize[]): SiteVisits {
  const manifest = readManifest(distDir);
  const gzip = (file: string) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
  const files = new Set<string>(
    sizes.filter((size) => FIRST_VISIT_ROUTES.includes(size.route)).flatMap((size) => size.files),
  );
  const chunks = ['index.html', ...FIRST_VISIT_ROUTES.map((route) => ROUTE_MODULES[route]!)];
  for (const chunk of Object.values(manifest)) {
    if (files.has(chunk.file) || chunks.some((key) => manifest[key]?.file === chunk.file)) {
      for (const css of (chunk as { css?: string[] }).css ?? []) files.add(css);
    }
  }
  const pages = ['ru/index.html', 'ru/register.html', 'favicon.svg'];
  const locales = readdirSync(join(distDir, 'assets')).filter((file) => file.endsWith('.json'));
  const localeBytes = locales.reduce((sum, file) => sum + gzip(join('assets', file)), 0) / 2;
  const bytes = [...files, ...pages].reduce((sum, file) => sum + gzip(file), 0) + localeBytes;
  return {
    cold: { requests: files.size + pages.length + locales.length / 2, bytes },
    warmPage: { requests: 1, bytes: gzip('ru/index.html') },
  };
}

/**
 * Per-route initial JavaScript of the web app: builds it (with a manifest) into a temporary folder
 * and sums, for each route, the entry chunk, the route's chunk and their static imports, gzip -9;
 * and what a visit downloads, for the bill (test/bench/bill.ts).
 */
export async function measureWebRoutes(): Promise<{ sizes: RouteSize[]; visits: SiteVisits }> {
  const outDir = mkdtempSync(join(tmpdir(), 'web-routes-'));
  try {
    await buildWebApp(outDir);
    const sizes = routeSizes(outDir);
    return { sizes, visits: siteVisits(outDir, sizes) };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

export function renderWebRoutes(sizes: RouteSize[]): string {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const rows = sizes.map(
    (size) =>
      `${size.route.padEnd(68)} ${kib(size.gzipBytes).padStart(10)} ${kib(size.bytes).padStart(10)} ${String(size.files.length).padStart(6)}`,
  );
  const landing = sizes.find((size) => size.route === '/');
  return [
    `${'web route'.padEnd(68)} ${'gzip'.padStart(10)} ${'minified'.padStart(10)} ${'files'.padStart(6)}`,
    ...rows,
    landing
      ? `landing budget: ${kib(landing.gzipBytes)} of ${kib(LANDING_BUDGET_GZIP_BYTES)} gzip ` +
        `(${landing.gzipBytes <= LANDING_BUDGET_GZIP_BYTES ? 'met' : 'MISSED'})`
      : 'landing route not found',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(renderWebRoutes((await measureWebRoutes()).sizes));
}

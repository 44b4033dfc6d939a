import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { LANDING_BUDGET_GZIP_BYTES, type RouteSize, routeSizes } from '../e2e/support/route-sizes';

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

/**
 * Per-route initial JavaScript of the web app: builds it (with a manifest) into a temporary folder
 * and sums, for each route, the entry chunk, the route's chunk and their static imports, gzip -9.
 */
export async function measureWebRoutes(): Promise<RouteSize[]> {
  const outDir = mkdtempSync(join(tmpdir(), 'web-routes-'));
  try {
    await buildWebApp(outDir);
    return routeSizes(outDir);
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
  console.log(renderWebRoutes(await measureWebRoutes()));
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Per-route JavaScript of the built web app, from Vite's manifest: a route's initial JavaScript is
 * the entry chunk, the route's own chunk and every chunk either imports statically (what the
 * browser downloads before the screen can render), gzip level 9.
 */
/** The landing route's initial JavaScript budget, gzip: 100 KB read as KiB (docs/decisions.md). */
export const LANDING_BUDGET_GZIP_BYTES = 100 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The lazily loaded module behind each route (see web/src/app/router.tsx). */
export const ROUTE_MODULES: Record<string, string> = {
  '/': 'src/features/landing/index.ts',
  '/login, /register, /forgot-password, /reset-password, /verify-email': 'src/features/auth/index.ts',
  '/apply': 'src/features/apply/index.ts',
  '/profile': 'src/features/profile/index.ts',
  '/partner': 'src/features/partner/index.ts',
  '/applications/:id': 'src/features/order/index.ts',
  '/license-agreement, /privacy-policy, /faq, /aml-kyc': 'src/app/routes/legal-routes.tsx',
  '/rates': 'src/features/rates/index.ts',
  '/admin': 'src/app/routes/admin-route.tsx',
};

export interface RouteSize {
  route: string;
  files: string[];
  bytes: number;
  gzipBytes: number;
}

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

function staticClosure(manifest: Manifest, key: string, into: Set<string>) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
}

export function routeSizes(distDir: string): RouteSize[] {
  const manifest = readManifest(distDir);
  // The app's entry (the other entry is the API reference page, web/api-docs.html).
  const entryKey = 'index.html';
  if (!manifest[entryKey]?.isEntry) throw new Error('No entry chunk for index.html in the Vite manifest');
  return Object.entries(ROUTE_MODULES).map(([route, moduleKey]) => {
    if (!manifest[moduleKey]) throw new Error(`No chunk for ${moduleKey} in the Vite manifest`);
    const files = new Set<string>();
    staticClosure(manifest, entryKey, files);
    staticClosure(manifest, moduleKey, files);
    let bytes = 0;
    let gzipBytes = 0;
    for (const file of files) {
      const code = readFileSync(join(distDir, file));
      bytes += code.length;
      gzipBytes += gzipSync(code, { level: 9 }).length;
    }
    return { route, files: [...files].sort(), bytes, gzipBytes };
  });
}

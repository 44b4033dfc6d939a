import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { LANDING_BUDGET_GZIP_BYTES, readManifest, routeSizes } from './support/route-sizes';

/** The build the e2e run serves: route-based splitting and the landing page's JavaScript budget. */

describe('web bundle', () => {
  it('keeps the landing route initial JavaScript within 100 KiB gzip', () => {
    const landing = routeSizes(inject('e2e').distDir).find((route) => route.route === '/')!;

    expect(landing.gzipBytes).toBeLessThanOrEqual(LANDING_BUDGET_GZIP_BYTES);
  });

  it('never loads admin or legal code with the landing route', () => {
    const distDir = inject('e2e').distDir;
    const manifest = readManifest(distDir);
    const landing = routeSizes(distDir).find((route) => route.route === '/')!;
    const sourcesOf = (file: string) =>
      Object.entries(manifest)
        .filter(([, chunk]) => chunk.file === file)
        .map(([key]) => key);

    const sources = landing.files.flatMap(sourcesOf);

    expect(
      sources.filter((source) => /features\/(admin|legal|order)|routes\/(admin|legal)/.test(source)),
    ).toEqual([]);
    expect(landing.files.some((file) => /admin|legal/.test(file))).toBe(false);
  });

  it('gives every area its own chunk', () => {
    const sizes = routeSizes(inject('e2e').distDir);
    const routeChunks = sizes.map((route) => route.files.length);

    expect(sizes).toHaveLength(9);
    expect(routeChunks.every((count) => count >= 2)).toBe(true);
  });

  it('carries no route field only the server reads: no handler module, no IAM grant, no summary', () => {
    const assets = join(inject('e2e').distDir, 'assets');
    const shipped = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .filter((file) =>
        /handlers\/|rateProviders|passwordHashing/.test(readFileSync(join(assets, file), 'utf8')),
      );

    expect(shipped).toEqual([]);
  });
});

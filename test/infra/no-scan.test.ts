import { readFileSync } from 'node:fs';
import { allRoutes, fallbackRoute, jobs } from '@functions/routes/manifest';
import { esbuildOptions, handlerEntry, PROJECT_ROOT } from '@infra/constructs/bundling';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** Every function module of the manifest, as Lambda bundles it. */
const handlerModules = [
  ...allRoutes.map(([, route]) => route.handler),
  fallbackRoute.handler,
  ...Object.values(jobs).map((job) => job.handler),
];
/** How project code would reach DynamoDB's Scan through the SDK (commands, paginators, document client). */
const SCAN_USAGE = /\b(ScanCommand|paginateScan|ScanCommandInput)\b|\.scan\(/;

describe('function bundles', () => {
  it('never use the DynamoDB Scan command in any project code they bundle (requests must Query)', async () => {
    const base = esbuildOptions(handlerEntry(handlerModules[0]!), 'unused.js');
    const result = await build({
      ...base,
      entryPoints: Object.fromEntries(handlerModules.map((module) => [module, handlerEntry(module)])),
      outfile: undefined,
      outdir: 'bundles',
      sourcemap: false,
      write: false,
      metafile: true,
    });
    // The SDK ships ScanCommand in every bundle whether used or not; what matters is our code.
    const projectInputs = new Set(
      Object.values(result.metafile.outputs).flatMap(({ inputs }) =>
        Object.keys(inputs).filter((input) => !input.startsWith('node_modules/')),
      ),
    );
    const offenders = [...projectInputs].filter((input) =>
      SCAN_USAGE.test(readFileSync(`${PROJECT_ROOT}/${input}`, 'utf8')),
    );
    expect(Object.keys(result.metafile.outputs).length).toBe(handlerModules.length);
    expect(projectInputs.size).toBeGreaterThan(handlerModules.length);
    expect(offenders).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { allRoutes, fallbackRoute, jobs, liveSocket, workers } from '@functions/routes/manifest';
import { handlerEntry, PROJECT_ROOT } from '@infra/constructs/bundling';
import { describe, expect, it } from 'vitest';
import { bundleManifestFunctions } from '../bench/harness';

/** Every function module of the manifest. */
const handlerModules = [
  ...allRoutes.map(([, route]) => route.handler),
  fallbackRoute.handler,
  ...Object.values(jobs).map((job) => job.handler),
  ...Object.values(workers).map((worker) => worker.handler),
  ...Object.values(liveSocket).map((route) => route.handler),
];
/** How project code would reach DynamoDB's Scan through the SDK (commands, paginators, document client). */
const SCAN_USAGE = /\b(ScanCommand|paginateScan|ScanCommandInput)\b|\.scan\(/;

describe('function bundles', () => {
  it('never use the DynamoDB Scan command in any project code they bundle (requests must Query)', async () => {
    // As Lambda bundles them; the same bundles function-load.test.ts loads, built once.
    const bundles = await bundleManifestFunctions();
    // The SDK ships ScanCommand in every bundle whether used or not; what matters is our code.
    const projectInputs = new Set(
      bundles.flatMap((bundle) =>
        Object.values(bundle.metafile.outputs).flatMap(({ inputs }) =>
          Object.keys(inputs).filter((input) => !input.startsWith('node_modules/')),
        ),
      ),
    );
    const offenders = [...projectInputs].filter((input) =>
      SCAN_USAGE.test(readFileSync(`${PROJECT_ROOT}/${input}`, 'utf8')),
    );
    expect(bundles.map((bundle) => bundle.fn.entry).sort()).toEqual(handlerModules.map(handlerEntry).sort());
    expect(projectInputs.size).toBeGreaterThan(handlerModules.length);
    expect(offenders).toEqual([]);
  });
});

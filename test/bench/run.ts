import { rmSync } from 'node:fs';
import path from 'node:path';
import { renderApplicationCost } from './application-cost';
import { bcryptSummary, medianHashMs } from './bcrypt';
import { renderBill } from './bill';
import { measureDynamoCosts, renderDynamoCosts } from './dynamo-cost';
import { countFixedResources } from './fixed-costs';
import type { Measurement } from './harness';
import {
  type Bundle,
  bundleFunction,
  bytesByPackage,
  checkNoNetworkOnLoad,
  LOAD_RUNS,
  manifestFunctions,
  mapConcurrent,
  measureLoadTimes,
  OUTPUT_DIR,
  REFERENCE,
} from './harness';
import { measureApplicationLifeApart } from './life-cost';
import { measureLiveLatencyApart, renderLiveLatency } from './live-latency';
import { measurePositioningCost, renderPositioningCost } from './positioning-cost';
import { measurePositioningJobCostApart, renderPositioningJobCost } from './positioning-job-cost';
import { meetsTargets, renderSizeBreakdown, renderTable, TARGETS } from './report';
import { measureReportCostApart, renderReportCost } from './report-cost';
import { renderWatcherCosts } from './watcher-cost';
import { measureWebRoutes, renderWebRoutes } from './web-routes';

/**
 * `npm run bench [-- --strict] [-- --runs=N] [-- --dynamo-sizes=1000,20000|none]`: bundles every
 * manifest function exactly as CDK does, then prints each one's minified size and median cold
 * module-load time as multiples of a reference bundle built and measured in the same run, and
 * whether loading reached for the network; then the DynamoDB calls and consumed capacity of each
 * endpoint at two table sizes (test/bench/dynamo-cost.ts), and what 1,000 applications and a month
 * of the rates job cost (test/bench/application-cost.ts), and a chain watcher run with 10 and 1,000
 * open applications (test/bench/watcher-cost.ts), and live push's notice latency over 50 staff changes
 * (test/bench/live-latency.ts), and a year of reports at 20,000 deals a day (test/bench/report-cost.ts),
 * and holding a place on BestChange for 200 directions against an archive of its size
 * (test/bench/positioning-cost.ts) and the rates job doing it on a table with every card direction
 * placed (test/bench/positioning-job-cost.ts),
 * and the monthly bill at 100, 2,000 and 20,000 applications a day
 * (test/bench/bill.ts). The steps that start a local stack of their own after the first run in a
 * child process (test/bench/child.ts). With `--strict` the exit code is 1
 * when any function misses a target.
 */
async function main(): Promise<void> {
  const strict = process.argv.includes('--strict');
  const runsArg = process.argv.find((arg) => arg.startsWith('--runs='));
  const runs = runsArg ? Number.parseInt(runsArg.slice('--runs='.length), 10) : LOAD_RUNS;
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs needs a positive integer: ${runsArg}`);
  const started = performance.now();
  rmSync(path.join(OUTPUT_DIR, 'bundles'), { recursive: true, force: true });

  const functions = [REFERENCE, ...manifestFunctions()];
  const built = await Promise.allSettled(functions.map(bundleFunction));
  const bundles: Bundle[] = [];
  const failures: string[] = [];
  built.forEach((result, index) => {
    if (result.status === 'fulfilled') bundles.push(result.value);
    else failures.push(`${functions[index]!.name}: bundling failed: ${String(result.reason)}`);
  });
  const referenceBundle = bundles.find((bundle) => bundle.fn === REFERENCE);
  if (!referenceBundle) throw new Error(`the reference did not bundle: ${failures.join('\n')}`);

  const loads = await measureLoadTimes(bundles, runs);
  const networks = await mapConcurrent(bundles, checkNoNetworkOnLoad);
  const measurements: Measurement[] = bundles.map((bundle, index) => ({
    bundle,
    load: loads.get(bundle)!,
    network: networks[index]!,
  }));
  const reference = measurements.find((m) => m.bundle === referenceBundle)!;
  if (!reference.load.ok) throw new Error(`the reference did not load: ${reference.load.error}`);
  const others = measurements.filter((m) => m !== reference);

  console.log(renderTable(measurements, reference));
  console.log(
    `\nbytes: minified .mjs, source map not counted. load: median of ${runs} fresh \`node ${process.version}\`` +
      ' processes importing the bundle with its Lambda environment (source maps on, no AWS credentials).\n' +
      `targets: <= ${TARGETS.bytes}x the reference's bytes, <= ${TARGETS.loadTime}x its load time; no socket, DNS, ` +
      'HTTP, fetch or child process while loading, and no ~/.aws read beyond what creating an SDK client does.',
  );

  const largest = others.reduce<Measurement | undefined>(
    (max, m) => (max === undefined || m.bundle.bytes > max.bundle.bytes ? m : max),
    undefined,
  );
  if (largest) {
    console.log(`\nbytes above the reference in the largest bundle (${largest.bundle.fn.name}), by package:`);
    console.log(renderSizeBreakdown(largest.bundle, referenceBundle));
  }

  const withBcrypt = others
    .filter((m) => bytesByPackage(m.bundle).has('bcryptjs'))
    .map((m) => m.bundle.fn.name);
  console.log(`\n${bcryptSummary(withBcrypt, await medianHashMs())}`);

  const web = await measureWebRoutes();
  console.log(`\n${renderWebRoutes(web.sizes)}`);

  // `--dynamo-sizes=1000,20000` (the default) or `--dynamo-sizes=none`.
  const sizesArg = process.argv
    .find((arg) => arg.startsWith('--dynamo-sizes='))
    ?.slice('--dynamo-sizes='.length);
  const sizes = sizesArg === 'none' ? [] : (sizesArg ?? '1000,20000').split(',').map(Number);
  if (sizes.some((size) => !Number.isInteger(size) || size < 1))
    throw new Error(`bad --dynamo-sizes: ${sizesArg}`);
  if (sizes.length > 0) {
    console.log(
      `\nDynamoDB calls and consumed capacity units (read + write, ReturnConsumedCapacity TOTAL) per endpoint,` +
        ` one real request each (authentication included) against DynamoDB Local holding ${sizes.join(' and ')}` +
        ' applications:',
    );
    const costs = await measureDynamoCosts(sizes);
    console.log(renderDynamoCosts(costs.bySize));
    console.log(`\n${renderApplicationCost(costs.lifecycle, costs.ratesJob)}`);
    console.log(
      '\nThe chain watcher, one run of its job with the open USDT applications waiting on two wallets' +
        ' (TronGrid calls as the stand-in counted them; the table as above). A quiet run after a payment' +
        " reads the cursor's block again (min_timestamp is inclusive) and knows its transfers by id, a Get each:",
    );
    console.log(renderWatcherCosts(costs.watcher));
  }

  console.log(`\n${renderLiveLatency(await measureLiveLatencyApart())}`);

  console.log(`\n${renderReportCost(await measureReportCostApart())}`);
  console.log(`\n${renderPositioningCost(await measurePositioningCost())}`);
  console.log(`\n${renderPositioningJobCost(await measurePositioningJobCostApart())}`);

  console.log(`\n${renderBill(await measureApplicationLifeApart(), web.visits, countFixedResources())}`);

  const missing = others.filter((m) => !meetsTargets(m, reference));
  console.log(
    `\n${others.length} functions measured, ${missing.length} missing a target, ${failures.length} not bundled; ` +
      `bundles in ${path.relative(process.cwd(), OUTPUT_DIR)}/bundles; ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s.`,
  );
  for (const failure of failures) console.error(failure);
  if (failures.length > 0 || (strict && missing.length > 0)) process.exitCode = 1;
}

await main();

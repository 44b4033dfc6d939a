import { execFile } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { allRoutes, fallbackRoute, jobs, liveSocket, workers } from '@functions/routes/manifest';
import { esbuildOptions, FUNCTION_RUNTIME_ENV, handlerEntry, PROJECT_ROOT } from '@infra/constructs/bundling';
import { type Access, needsJwtSecret, type ResourceUse } from '@shared/routes/definition';
import { build, type Metafile } from 'esbuild';

const run = promisify(execFile);
const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));

/** Git-ignored scratch space: bundles, and an empty HOME so no ~/.aws can be found. */
export const OUTPUT_DIR = path.join(PROJECT_ROOT, '.local', 'bench');
export const LOAD_RUNS = 7;

export interface BenchFunction {
  /** Row label: the route id, `$default`, `job:<id>`, `worker:<id>` or the reference. */
  readonly name: string;
  readonly entry: string;
  /** A route's access level; jobs and the fallback have none. */
  readonly access?: Access;
  readonly uses: ResourceUse;
}

export interface Bundle {
  readonly fn: BenchFunction;
  readonly file: string;
  /** Size of the minified `.mjs` (the source map beside it is not counted). */
  readonly bytes: number;
  readonly metafile: Metafile;
}

export type LoadTime =
  | { readonly ok: true; readonly medianMs: number; readonly samplesMs: readonly number[] }
  | { readonly ok: false; readonly error: string };

export interface NetworkCheck {
  /** Socket, DNS, HTTP(S), fetch or child-process calls made while the module loaded. */
  readonly networkCalls: readonly string[];
  /** Reads of files under ~/.aws (the SDK's shared config and credentials files). */
  readonly awsFileReads: readonly string[];
  /** Set when the import threw. */
  readonly error?: string;
}

/** The reference: a bundle that only creates a DynamoDB document client. */
export const REFERENCE: BenchFunction = {
  name: 'reference (DynamoDB document client)',
  entry: path.join(BENCH_DIR, 'reference.ts'),
  uses: { table: 'read' },
};

/** Every function the stacks deploy: the manifest's routes, its fallback, its jobs and its workers. */
export function manifestFunctions(): BenchFunction[] {
  return [
    ...allRoutes.map(([routeId, route]) => ({
      name: routeId,
      entry: handlerEntry(route.handler),
      access: route.access,
      uses: route.uses,
    })),
    { name: '$default', entry: handlerEntry(fallbackRoute.handler), uses: fallbackRoute.uses },
    ...Object.entries(jobs).map(([jobId, job]) => ({
      name: `job:${jobId}`,
      entry: handlerEntry(job.handler),
      uses: job.uses,
    })),
    ...Object.entries(workers).map(([workerId, worker]) => ({
      name: `worker:${workerId}`,
      entry: handlerEntry(worker.handler),
      uses: worker.uses,
    })),
    // Live push's WebSocket routes (docs/architecture.md §15).
    ...Object.entries(liveSocket).map(([routeId, route]) => ({
      name: `socket:$${routeId}`,
      entry: handlerEntry(route.handler),
      uses: route.uses,
    })),
  ];
}

/**
 * The environment Lambda gives the function (see ApiFunction): what every function gets, plus
 * TABLE_NAME / MAIL_FROM and MAIL_CONFIGURATION_SET / JWT_SECRET_ARN / MFA_KEY_ARN only when its manifest entry needs them, so a function that reads a
 * variable it does not declare fails here as it would in AWS. No credentials; an empty HOME.
 */
export function functionEnvironment({ access, uses }: BenchFunction): NodeJS.ProcessEnv {
  const home = path.join(OUTPUT_DIR, 'home');
  mkdirSync(home, { recursive: true });
  return {
    PATH: process.env.PATH,
    HOME: home,
    AWS_REGION: 'us-east-1',
    AWS_LAMBDA_FUNCTION_NAME: 'bench',
    ...FUNCTION_RUNTIME_ENV,
    LOG_LEVEL: 'INFO',
    SITE_URL: 'https://exchange.example.com',
    ...(needsJwtSecret(access, uses)
      ? { JWT_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:bench-jwt' }
      : {}),
    ...(uses.mfaKey ? { MFA_KEY_ARN: 'arn:aws:secretsmanager:us-east-1:000000000000:secret:bench-mfa' } : {}),
    ...(uses.table ? { TABLE_NAME: 'bench' } : {}),
    ...(uses.mail ? { MAIL_FROM: 'no-reply@example.com', MAIL_CONFIGURATION_SET: 'exchange-mail' } : {}),
    ...(uses.marketData ? { MARKET_DATA_URL: 'https://market.example.com/api/v3' } : {}),
  };
}

function safeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]+/g, '_');
}

/**
 * Bundles with the options the CDK functions use (`esbuildOptions`, shared with `ApiFunction`),
 * all in one esbuild run: without code splitting each entry still becomes a bundle of its own,
 * byte for byte what a build of that entry alone writes, but the shared modules (the AWS SDK, zod)
 * are parsed once instead of once per function, about a third of the CPU. The metafile only
 * reports what went in; it does not change the output. `sourceMaps: false` leaves out the maps
 * (and so the one comment that names them): the code is the same, in about half the time.
 */
export async function bundleFunctions(
  fns: readonly BenchFunction[],
  { sourceMaps = true }: { sourceMaps?: boolean } = {},
): Promise<Bundle[]> {
  const dir = path.join(OUTPUT_DIR, 'bundles');
  const { entryPoints: _entry, outfile: _outfile, ...options } = esbuildOptions(fns[0]!.entry, 'unused.mjs');
  const result = await build({
    ...options,
    sourcemap: sourceMaps && options.sourcemap,
    entryPoints: fns.map((fn) => ({ in: fn.entry, out: safeFileName(fn.name) })),
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    metafile: true,
  });
  return fns.map((fn) => {
    const file = path.join(dir, `${safeFileName(fn.name)}.mjs`);
    // This bundle's outputs (the .mjs and its map) and the inputs they hold, as a build of its own reports.
    const outputs = Object.fromEntries(
      Object.entries(result.metafile.outputs).filter(([output]) =>
        [file, `${file}.map`].includes(path.resolve(output)),
      ),
    );
    const inputs = Object.fromEntries(
      Object.values(outputs)
        .flatMap((output) => Object.keys(output.inputs))
        .map((input) => [input, result.metafile.inputs[input]!]),
    );
    return { fn, file, bytes: statSync(file).size, metafile: { inputs, outputs } };
  });
}

export async function bundleFunction(fn: BenchFunction): Promise<Bundle> {
  return (await bundleFunctions([fn]))[0]!;
}

let manifestBundles: Promise<Bundle[]> | undefined;

/**
 * Every function of `manifestFunctions()` bundled, once per process: the infra tests that look
 * into the bundles (function-load, no-scan) run in one worker and share them.
 */
export function bundleManifestFunctions(): Promise<Bundle[]> {
  // Without maps: what these tests read (what loads, what it reaches, which modules went in) is
  // the same, and the bench, which times cold starts, bundles with them (bundleFunction).
  manifestBundles ??= bundleFunctions(manifestFunctions(), { sourceMaps: false });
  return manifestBundles;
}

const RESULT_MARKER = 'BENCH_RESULT ';

/** Runs `script` in a fresh Node process with the function's environment; parses its result line. */
async function runNode(
  script: string,
  bundle: Bundle,
  extraArgs: readonly string[] = [],
): Promise<Record<string, unknown>> {
  try {
    const { stdout } = await run(process.execPath, [...extraArgs, '--input-type=module', '-e', script], {
      env: { ...functionEnvironment(bundle.fn), BENCH_MODULE_URL: pathToFileURL(bundle.file).href },
      cwd: OUTPUT_DIR,
      timeout: 60_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    const line = stdout.split('\n').find((candidate) => candidate.startsWith(RESULT_MARKER));
    if (!line) throw new Error(`no result line in: ${stdout.slice(-300)}`);
    return JSON.parse(line.slice(RESULT_MARKER.length)) as Record<string, unknown>;
  } catch (error) {
    throw new Error(firstErrorLine(error));
  }
}

/** `Error: Missing required environment variable TABLE_NAME` out of a child's stderr. */
function firstErrorLine(error: unknown): string {
  const stderr = (error as { stderr?: string }).stderr ?? '';
  const line = stderr.split('\n').find((candidate) => /^\w*Error\b.*:/.test(candidate));
  return line ?? (error instanceof Error ? error.message.split('\n')[0]! : String(error));
}

const LOAD_SCRIPT = `
const start = performance.now();
await import(process.env.BENCH_MODULE_URL);
const loadMs = performance.now() - start;
console.log(${JSON.stringify(RESULT_MARKER)} + JSON.stringify({ loadMs }));
`;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Time to import the bundle once, in a fresh Node process: the module-load part of a cold start. */
export async function loadOnce(bundle: Bundle): Promise<number> {
  return (await runNode(LOAD_SCRIPT, bundle)).loadMs as number;
}

/**
 * Median load time of every bundle over `runs` rounds. Rounds interleave the bundles, so a burst of
 * load on the machine slows all of them alike instead of skewing the ratio of one.
 */
export async function measureLoadTimes(
  bundles: readonly Bundle[],
  runs = LOAD_RUNS,
): Promise<Map<Bundle, LoadTime>> {
  const samples = new Map<Bundle, number[]>(bundles.map((bundle) => [bundle, []]));
  const errors = new Map<Bundle, string>();
  for (let round = 0; round < runs; round++) {
    for (const bundle of bundles) {
      if (errors.has(bundle)) continue;
      try {
        samples.get(bundle)!.push(await loadOnce(bundle));
      } catch (error) {
        errors.set(bundle, error instanceof Error ? error.message : String(error));
      }
    }
  }
  return new Map(
    bundles.map((bundle): [Bundle, LoadTime] => {
      const error = errors.get(bundle);
      if (error !== undefined) return [bundle, { ok: false, error }];
      const samplesMs = samples.get(bundle)!;
      return [bundle, { ok: true, medianMs: median(samplesMs), samplesMs }];
    }),
  );
}

const NETWORK_SCRIPT = `
let error;
try {
  await import(process.env.BENCH_MODULE_URL);
} catch (caught) {
  error = caught instanceof Error ? caught.message : String(caught);
}
// Let timers and promises started during load run too: a deferred call still counts.
await new Promise((resolve) => setTimeout(resolve, 100));
console.log(${JSON.stringify(RESULT_MARKER)} + JSON.stringify({ ...globalThis.__benchCalls, error }));
`;

/** Imports the bundle with every network path blocked and recorded, and ~/.aws reads recorded. */
export async function checkNoNetworkOnLoad(bundle: Bundle): Promise<NetworkCheck> {
  const preload = pathToFileURL(path.join(BENCH_DIR, 'no-network.mjs')).href;
  try {
    const result = await runNode(NETWORK_SCRIPT, bundle, ['--import', preload]);
    return {
      networkCalls: (result.network as string[] | undefined) ?? [],
      awsFileReads: (result.awsFiles as string[] | undefined) ?? [],
      ...(typeof result.error === 'string' ? { error: result.error } : {}),
    };
  } catch (error) {
    return {
      networkCalls: [],
      awsFileReads: [],
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

/** Runs `task` over `items`, at most `limit` at a time, keeping the order of `items`. */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  task: (item: T) => Promise<R>,
  limit = availableParallelism(),
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Output bytes per package (`zod`, `@aws-sdk/client-dynamodb`) or project folder (`functions`). */
export function bytesByPackage(bundle: Bundle): Map<string, number> {
  const totals = new Map<string, number>();
  for (const output of Object.values(bundle.metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      const key = match ? match[1]! : input.split('/')[0]!;
      totals.set(key, (totals.get(key) ?? 0) + bytesInOutput);
    }
  }
  return totals;
}

/** One function's figures, and a column of the bench's table over them. */
export interface Measurement {
  readonly bundle: Bundle;
  readonly load: LoadTime;
  readonly network: NetworkCheck;
}

export interface Column {
  readonly header: string;
  readonly align: 'left' | 'right';
  cell(measurement: Measurement, reference: Measurement): string;
}

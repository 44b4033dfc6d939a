import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@infra/local/ports';
import { type RouteSize, routeSizes } from '../e2e/support/route-sizes';
import { startLocalStackProcess } from '../support/stack-process';
import { buildWebApp } from './web-routes';

/**
 * `npm run bench:web [-- --runs=N]`: Lighthouse (mobile preset: a mid-range phone on a slow 4G
 * connection, simulated) against the built web app served by the local stack, as CloudFront serves
 * it (compressed, cached, same security headers), for the public routes and a minimal static page
 * served beside them as the reference (the ticker from the stack's market-data stand-in); the median of N runs (default 3) per route.
 */
const RUNS_DEFAULT = 3;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const REFERENCE_PATH = '/bench-reference.html';
/** The reference: what a page with the landing page's headline costs when no script is involved. */
const REFERENCE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="The static reference page of the web bench.">
<title>Reference</title></head>
<body><main><h1>Exchange</h1><p>A plain static page: the fastest a page of this site can paint.</p></main></body></html>
`;

interface BenchRoute {
  name: string;
  path: string;
  /** The route's key in test/e2e/support/route-sizes.ts (initial JavaScript), none for the reference. */
  sizeKey?: string;
}

const ROUTES: BenchRoute[] = [
  { name: 'reference (static HTML)', path: REFERENCE_PATH },
  { name: 'landing', path: '/', sizeKey: '/' },
  {
    name: 'legal (privacy policy)',
    path: '/privacy-policy',
    sizeKey: '/license-agreement, /privacy-policy, /faq, /aml-kyc',
  },
  {
    name: 'login',
    path: '/login',
    sizeKey: '/login, /register, /forgot-password, /reset-password, /verify-email',
  },
];

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  cls: number;
  tbtMs: number;
  unusedJsBytes: number;
}

interface LighthouseResult {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { overallSavingsBytes?: number } }>;
}

const LIGHTHOUSE_CLI = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');

/**
 * One Lighthouse run in a child process, awaited without blocking this process's event loop (a
 * synchronous spawn would stall any server living in this process).
 */
async function lighthouse(url: string, outputDir: string): Promise<Run> {
  const output = join(outputDir, `${randomBytes(6).toString('hex')}.json`);
  const child = spawn(
    process.execPath,
    [
      LIGHTHOUSE_CLI,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`Lighthouse failed on ${url} (code ${code}): ${stderr.slice(-2000)}`);
  const result = JSON.parse(readFileSync(output, 'utf8')) as LighthouseResult;
  if (result.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.runtimeError.message}`);
  const score = (category: string) => Math.round((result.categories[category]?.score ?? 0) * 100);
  const numeric = (audit: string) => result.audits[audit]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    fcpMs: numeric('first-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    unusedJsBytes: result.audits['unused-javascript']?.details?.overallSavingsBytes ?? 0,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each figure's median over the runs. */
function medianRun(runs: Run[]): Run {
  const keys = Object.keys(runs[0]!) as Array<keyof Run>;
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as unknown as Run;
}

/** The lowest and highest TBT of a route's runs: on this machine one run can be twice another. */
function tbtSpread(runs: Run[]): string {
  const tbts = runs.map((run) => Math.round(run.tbtMs));
  return `${Math.min(...tbts)}–${Math.max(...tbts)}`;
}

function render(
  results: Map<BenchRoute, Run>,
  collected: Map<BenchRoute, Run[]>,
  sizes: RouteSize[],
  runs: number,
): string {
  const reference = results.get(ROUTES[0]!)!;
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const header = [
    'route'.padEnd(24),
    'perf'.padStart(5),
    'LCP'.padStart(8),
    'LCP/ref'.padStart(8),
    'FCP'.padStart(8),
    'CLS'.padStart(7),
    'TBT'.padStart(8),
    'TBT runs'.padStart(13),
    'a11y'.padStart(5),
    'b.p.'.padStart(5),
    'SEO'.padStart(5),
    'JS gzip'.padStart(10),
    'unused JS'.padStart(10),
  ].join(' ');
  const rows = ROUTES.map((route) => {
    const run = results.get(route)!;
    const size = sizes.find((candidate) => candidate.route === route.sizeKey);
    return [
      route.name.padEnd(24),
      String(run.performance).padStart(5),
      `${(run.lcpMs / 1000).toFixed(2)} s`.padStart(8),
      `${(run.lcpMs / reference.lcpMs).toFixed(2)}x`.padStart(8),
      `${(run.fcpMs / 1000).toFixed(2)} s`.padStart(8),
      run.cls.toFixed(3).padStart(7),
      `${Math.round(run.tbtMs)} ms`.padStart(8),
      tbtSpread(collected.get(route)!).padStart(13),
      String(run.accessibility).padStart(5),
      String(run.bestPractices).padStart(5),
      String(run.seo).padStart(5),
      (size ? kib(size.gzipBytes) : '-').padStart(10),
      kib(run.unusedJsBytes).padStart(10),
    ].join(' ');
  });
  return [
    header,
    ...rows,
    '',
    `Lighthouse mobile preset (simulated slow 4G, 4x CPU slowdown), median of ${runs} runs per figure, ` +
      `Chromium ${CHROME_PATH}. TBT runs: the lowest and highest TBT of the runs. JS gzip: the route's initial JavaScript (entry, route chunk and their ` +
      'static imports, gzip -9). Targets on the landing page: perf >= 95, LCP <= 1.3x the reference, ' +
      'CLS <= 0.02, TBT <= 150 ms, a11y/best practices/SEO >= 95, unused JS < 20 KiB.',
  ].join('\n');
}

async function main(): Promise<void> {
  const runsArg = process.argv.find((arg) => arg.startsWith('--runs='));
  const runs = runsArg ? Number.parseInt(runsArg.slice('--runs='.length), 10) : RUNS_DEFAULT;
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs needs a positive integer: ${runsArg}`);
  const distDir = mkdtempSync(join(tmpdir(), 'bench-web-dist-'));
  const reportsDir = mkdtempSync(join(tmpdir(), 'bench-web-lighthouse-'));
  try {
    await buildWebApp(distDir);
    writeFileSync(join(distDir, REFERENCE_PATH), REFERENCE_PAGE);
    const sizes = routeSizes(distDir);
    const stack = await startLocalStackProcess({
      port: 0,
      mailPort: 0,
      dynamoPort: await freePort(),
      dataDir: null,
      tableName: 'exchange-bench-web',
      jwtSecret: randomBytes(48).toString('base64url'),
      mailFrom: 'no-reply@exchange.test',
      web: 'static',
      webDistDir: distDir,
      runJobs: false,
    });
    try {
      const collected = new Map<BenchRoute, Run[]>(ROUTES.map((route) => [route, []]));
      // Round after round over every route, so a slow moment of the machine spreads over all of them.
      for (let round = 1; round <= runs; round++) {
        for (const route of ROUTES) {
          process.stderr.write(`run ${round}/${runs}: ${route.name}\n`);
          collected.get(route)!.push(await lighthouse(`${stack.siteUrl}${route.path}`, reportsDir));
        }
      }
      const results = new Map(ROUTES.map((route) => [route, medianRun(collected.get(route)!)]));
      console.log(render(results, collected, sizes, runs));
    } finally {
      await stack.stop();
    }
  } finally {
    rmSync(distDir, { recursive: true, force: true });
    rmSync(reportsDir, { recursive: true, force: true });
  }
}

await main();

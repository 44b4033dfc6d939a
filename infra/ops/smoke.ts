/**
 * The smoke test after every deploy (docs/operations.md): checks the public site and API, a login,
 * that the API refuses callers who go around CloudFront, and the monitors' file.
 *
 *   npm run smoke -- --url https://exchange.example.com [--execute-api https://abc123.execute-api.eu-central-1.amazonaws.com]
 *     [--export-token <token>] [--timeout-ms 10000]
 *
 * A check account without a second factor may be given by environment only (never on the command
 * line): SMOKE_LOGIN (email or username) and SMOKE_PASSWORD. Needs no AWS credentials. Prints one
 * line per check and exits 0 when none failed, 1 otherwise. No password or token is printed.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_TIMEOUT_MS, runSmokeChecks, type SmokeTarget } from './smoke-checks';
import type { CheckResult } from './smoke-http';

const USAGE =
  'Usage: [SMOKE_LOGIN=… SMOKE_PASSWORD=…] npm run smoke -- --url https://exchange.example.com ' +
  '[--execute-api https://<id>.execute-api.<region>.amazonaws.com] [--export-token <token>] [--timeout-ms 10000]';

function baseUrl(option: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${option} ${value}: not a URL.\n${USAGE}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${option} ${value}: give an http(s) URL.\n${USAGE}`);
  if (url.search || url.hash)
    throw new Error(`${option} ${value}: give the origin, without a query.\n${USAGE}`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function targetFromArguments(): SmokeTarget {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      'execute-api': { type: 'string' },
      'export-token': { type: 'string' },
      'timeout-ms': { type: 'string' },
    },
  });
  if (!values.url) throw new Error(USAGE);
  const timeoutMs = Number(values['timeout-ms'] ?? DEFAULT_TIMEOUT_MS);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new Error(`--timeout-ms: a whole number of ms.\n${USAGE}`);
  const { SMOKE_LOGIN: login, SMOKE_PASSWORD: password } = process.env;
  if (!login !== !password) throw new Error('Set both SMOKE_LOGIN and SMOKE_PASSWORD, or neither.');
  return {
    siteUrl: baseUrl('--url', values.url),
    executeApiUrl: values['execute-api'] ? baseUrl('--execute-api', values['execute-api']) : undefined,
    exportToken: values['export-token'] || undefined,
    account: login && password ? { login, password } : undefined,
    timeoutMs,
  };
}

const OUTCOME_LABEL = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' } as const;

function line(result: CheckResult): string {
  return `${OUTCOME_LABEL[result.outcome]}  ${result.name.padEnd(11)}  ${result.saw}  (${result.ms} ms)`;
}

async function main(): Promise<number> {
  const target = targetFromArguments();
  console.log(
    `Smoke test of ${target.siteUrl}${target.executeApiUrl ? ` and ${target.executeApiUrl}` : ''}` +
      (target.account ? ', with the check account of SMOKE_LOGIN' : ', without a check account'),
  );
  const results = await runSmokeChecks(target);
  for (const result of results) console.log(line(result));
  const count = (outcome: CheckResult['outcome']) =>
    results.filter((result) => result.outcome === outcome).length;
  const failed = count('fail');
  console.log(`${count('pass')} passed, ${failed} failed, ${count('skip')} skipped.`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);

import { matchRoute } from '@functions/routes/matching';
import type { LocalMailSender } from '@infra/local/outbox';
import { ACCESS_LOG_FIELDS } from '@infra/stacks/api-stage-stack';
import { STAGES } from '@infra/stacks/stages';
import type { CapacityMeter } from '../support/consumed-capacity';
import { costOf, PRICES, PRICES_AS_OF, PRICES_REGION } from './prices';

/**
 * What 1,000 applications cost end to end, and the rates job a month: each request's DynamoDB
 * units (ReturnConsumedCapacity on DynamoDB Local), its wall time with the handler running in this
 * process (the stand-in for Lambda's billed duration), its log output at the stage's level and
 * the mails it sent are measured; memory comes from the stage table, prices from prices.ts.
 */

/** The stage whose memory sizes and log level the figures assume. */
const STAGE = STAGES.prod;

/** Lambda's own START, END and REPORT lines per invocation (text, with the X-Ray trace line): an estimate. */
const PLATFORM_LOG = { bytes: 380, lines: 3 };
/** One WAF log record of these requests (URI, headers, the rule groups evaluated): about 1.5 KB, an estimate. */
const WAF_LOG_BYTES = 1500;
/** CloudWatch Logs counts 26 bytes of metadata per event on top of its text. */
const LOG_EVENT_OVERHEAD_BYTES = 26;
/** A run a minute (infra/stacks/jobs-stack.ts) for 30 days. */
const RATES_RUNS_A_MONTH = 60 * 24 * 30;

/** What one invocation did, measured here. */
export interface Footprint {
  /** Wall time here: the stand-in for the billed duration. */
  ms: number;
  readUnits: number;
  writeUnits: number;
  /** The function's own log output at the stage's level. */
  logBytes: number;
  logLines: number;
}

/** One API request of an application's life, averaged over the applications measured. */
export interface ApiFootprint extends Footprint {
  name: string;
  method: string;
  path: string;
  routeKey: string;
  memoryMb: number;
  responseBytes: number;
}

export interface LifecycleCost {
  applications: number;
  requests: ApiFootprint[];
  mailsPerApplication: number;
  /**
   * Per application, the outbox sender's part (functions/jobs/send-mail, run as Lambda's stream
   * trigger would run it): its write units (marking each mail sent), invocations and milliseconds
   * in the handler. Its record reads cost nothing in AWS (a Lambda trigger reads the stream free);
   * here the local sender's Query of the outbox stands in for the stream and is not counted.
   */
  sender: { writeUnits: number; invocations: number; ms: number };
}

/**
 * Runs `action` with the functions logging at the stage's level and writing their embedded-metric
 * lines (as in AWS; the local stack turns them off), and measures its wall time, the
 * DynamoDB units `meter` saw and the bytes and lines written to stdout and stderr meanwhile (kept
 * out of the bench's output).
 */
export async function measureFootprint<T>(
  meter: CapacityMeter,
  action: () => Promise<T>,
): Promise<{ result: T; footprint: Footprint }> {
  const level = process.env.LOG_LEVEL;
  const metrics = process.env.METRICS;
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  let logBytes = 0;
  let logLines = 0;
  const capture = ((chunk: string | Uint8Array) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    logBytes += Buffer.byteLength(text);
    logLines += text.split('\n').filter((line) => line.length > 0).length;
    return true;
  }) as typeof process.stdout.write;
  process.env.LOG_LEVEL = STAGE.logLevel;
  process.env.METRICS = 'emf';
  process.stdout.write = capture;
  process.stderr.write = capture;
  meter.reset();
  const started = performance.now();
  try {
    const result = await action();
    const ms = performance.now() - started;
    return {
      result,
      footprint: { ms, readUnits: meter.readUnits, writeUnits: meter.writeUnits, logBytes, logLines },
    };
  } finally {
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
    if (level === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = level;
    if (metrics === undefined) delete process.env.METRICS;
    else process.env.METRICS = metrics;
  }
}

async function mailCount(mailUrl: string): Promise<number> {
  const store = (await (await fetch(`${mailUrl}/store`)).json()) as { emails: unknown[] };
  return store.emails.length;
}

/**
 * Submits `applications` standard applications as `tokens.user` and takes each through
 * PENDING → PROCESSING → COMPLETED as `tokens.manager`, with the staff mail of a new application
 * switched on; one more before them warms the code paths up and is not counted.
 */
export async function measureApplicationLifecycles(options: {
  siteUrl: string;
  mailUrl: string;
  tokens: { user: string; manager: string; admin: string };
  meter: CapacityMeter;
  /** The outbox sender, woken only by drain() (pollMs: null), so its work is metered apart. */
  mailSender: LocalMailSender;
  body: Record<string, unknown>;
  applications: number;
}): Promise<LifecycleCost> {
  const { siteUrl, tokens, meter, mailSender } = options;
  const send = async (method: string, path: string, token: string, body: unknown) => {
    const response = await fetch(`${siteUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (!response.ok) throw new Error(`bench: ${method} ${path} answered ${response.status}: ${bytes}`);
    return { bytes, data: (JSON.parse(bytes.toString('utf8')) as { data: { id: string } }).data };
  };
  /** One request, measured, and the id its answer names. */
  const step = async (name: string, method: string, path: string, token: string, body: unknown) => {
    const match = matchRoute(method, path);
    if (match.kind !== 'route') throw new Error(`bench: no route for ${method} ${path}`);
    const { result, footprint } = await measureFootprint(meter, () => send(method, path, token, body));
    const hashes = match.route.passwordHashing === true;
    const measured: ApiFootprint = {
      ...footprint,
      name,
      method,
      path,
      routeKey: `${match.route.method} ${match.route.path}`,
      memoryMb: hashes ? STAGE.memoryMb.passwordHashing : STAGE.memoryMb.default,
      responseBytes: result.bytes.length,
    };
    return { measured, id: result.data.id };
  };
  const lifecycle = async (): Promise<ApiFootprint[]> => {
    const submit = await step('submit', 'POST', '/api/applications', tokens.user, options.body);
    const statusPath = `/api/admin/applications/${submit.id}/status`;
    const toProcessing = await step('PROCESSING', 'POST', statusPath, tokens.manager, {
      status: 'PROCESSING',
    });
    const toCompleted = await step('COMPLETED', 'POST', statusPath, tokens.manager, { status: 'COMPLETED' });
    return [submit.measured, toProcessing.measured, toCompleted.measured];
  };

  // A SUPER_ADMIN's setting (the bench's staff token is an ADMIN's): set in process, as the rates are.
  const { putSetting } = await import('@functions/domain/settings/settings');
  await putSetting('staffNotifyEmail', { value: 'staff@bench.local' }, { id: 'bench', role: 'SUPER_ADMIN' });
  await lifecycle();
  await mailSender.drain();
  const mailsBefore = await mailCount(options.mailUrl);
  const runs: ApiFootprint[][] = [];
  const sender = { writeUnits: 0, invocations: 0, ms: 0 };
  for (let run = 0; run < options.applications; run += 1) {
    runs.push(await lifecycle());
    const before = { ...mailSender.invocations };
    meter.reset();
    await mailSender.drain();
    sender.writeUnits += meter.writeUnits;
    sender.invocations += mailSender.invocations.count - before.count;
    sender.ms += mailSender.invocations.ms - before.ms;
  }
  const mails = (await mailCount(options.mailUrl)) - mailsBefore;
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const requests = runs[0]!.map((first, index) => {
    const all = runs.map((run) => run[index]!);
    return {
      ...first,
      ms: mean(all.map((entry) => entry.ms)),
      readUnits: mean(all.map((entry) => entry.readUnits)),
      writeUnits: mean(all.map((entry) => entry.writeUnits)),
      logBytes: mean(all.map((entry) => entry.logBytes)),
      logLines: mean(all.map((entry) => entry.logLines)),
      responseBytes: mean(all.map((entry) => entry.responseBytes)),
    };
  });
  const perApplication = (total: number) => total / options.applications;
  return {
    applications: options.applications,
    requests,
    mailsPerApplication: perApplication(mails),
    sender: {
      writeUnits: perApplication(sender.writeUnits),
      invocations: perApplication(sender.invocations),
      ms: perApplication(sender.ms),
    },
  };
}

/** The access log line the API stage writes for a request (ACCESS_LOG_FIELDS filled in), in bytes. */
function accessLogBytes(request: ApiFootprint): number {
  const values: Record<string, string> = {
    '$context.requestId': 'Kx3fGh7JjoEEJbw=',
    '$context.integration.requestId': '3f1c9a52-6a8e-4c47-9d0e-2b7f0f5a9c11',
    '$context.requestTime': '24/Nov/2026:14:38:18 +0000',
    '$context.identity.sourceIp': '130.176.212.45',
    '$context.identity.userAgent': 'Amazon CloudFront',
    '$context.httpMethod': request.method,
    '$context.path': request.path,
    '$context.routeKey': request.routeKey,
    '$context.status': '200',
    '$context.responseLength': String(Math.round(request.responseBytes)),
    '$context.responseLatency': String(Math.round(request.ms)),
    '$context.integrationLatency': String(Math.round(request.ms)),
    '$context.integrationErrorMessage': '-',
  };
  const line = Object.fromEntries(
    Object.entries(ACCESS_LOG_FIELDS).map(([field, variable]) => [field, values[variable] ?? variable]),
  );
  return Buffer.byteLength(JSON.stringify(line));
}

/** Bytes CloudWatch Logs bills for one invocation: the function's lines, Lambda's own, their metadata. */
function functionLogBytes(footprint: Footprint): number {
  return (
    footprint.logBytes +
    PLATFORM_LOG.bytes +
    (footprint.logLines + PLATFORM_LOG.lines) * LOG_EVENT_OVERHEAD_BYTES
  );
}

const GB = 1e9;
const gbSeconds = (ms: number, memoryMb: number) => (Math.ceil(ms) / 1000) * (memoryMb / 1024);

interface CostLine {
  item: string;
  usd: number;
}

/** The cost of `applications` applications by item, from the measured life of one (averaged). */
function applicationCostLines(cost: LifecycleCost, applications = 1000): CostLine[] {
  const { requests, mailsPerApplication: mails } = cost;
  const sum = (pick: (request: ApiFootprint) => number) =>
    requests.reduce((total, request) => total + pick(request), 0);
  const per = (units: number) => units * applications;
  const { sender } = cost;
  const writeUnits = sum((r) => r.writeUnits) + sender.writeUnits;
  const invocations = requests.length + sender.invocations;
  const lambdaGbSeconds =
    sum((r) => gbSeconds(r.ms, r.memoryMb)) + gbSeconds(sender.ms, STAGE.memoryMb.default);
  const logBytes = sum((r) => functionLogBytes(r) + accessLogBytes(r) + LOG_EVENT_OVERHEAD_BYTES);
  return [
    { item: 'DynamoDB write request units', usd: costOf('dynamoWriteRequestUnits', per(writeUnits)) },
    {
      item: 'DynamoDB read request units',
      usd: costOf('dynamoReadRequestUnits', per(sum((r) => r.readUnits))),
    },
    { item: 'Lambda requests', usd: costOf('lambdaRequests', per(invocations)) },
    { item: 'Lambda duration (arm64 GB-s)', usd: costOf('lambdaArmGbSeconds', per(lambdaGbSeconds)) },
    { item: 'API Gateway HTTP API requests', usd: costOf('httpApiRequests', per(requests.length)) },
    { item: 'CloudFront requests', usd: costOf('cloudFrontHttpsRequests', per(requests.length)) },
    {
      item: 'CloudFront transfer out (answers)',
      usd: costOf('cloudFrontTransferOutGb', per(sum((r) => r.responseBytes)) / GB),
    },
    { item: 'WAF requests', usd: costOf('wafRequests', per(requests.length)) },
    { item: 'X-Ray traces (every request sampled)', usd: costOf('xrayTraces', per(requests.length)) },
    { item: `SES mails (${mails.toFixed(1)} each)`, usd: costOf('sesMails', per(mails)) },
    { item: 'CloudWatch Logs: functions and access log', usd: costOf('logsIngestedGb', per(logBytes) / GB) },
    {
      item: 'CloudWatch vended logs: WAF (estimated record size)',
      usd: costOf('vendedLogsGb', per(requests.length * WAF_LOG_BYTES) / GB),
    },
  ];
}

/** What one run of a scheduled job costs: DynamoDB, the invocation, its duration, logs and trace. */
function jobRunCost(run: Footprint): number {
  return (
    costOf('dynamoWriteRequestUnits', run.writeUnits) +
    costOf('dynamoReadRequestUnits', run.readUnits) +
    costOf('lambdaRequests', 1) +
    costOf('lambdaArmGbSeconds', gbSeconds(run.ms, STAGE.memoryMb.default)) +
    costOf('logsIngestedGb', functionLogBytes(run) / GB) +
    costOf('xrayTraces', 1)
  );
}

const usd = (value: number) => `$${value < 1 ? value.toFixed(4) : value.toFixed(2)}`;

export function renderApplicationCost(
  cost: LifecycleCost,
  ratesJob: { moved: Footprint & { writes: number }; unchanged: Footprint },
): string {
  const lines = applicationCostLines(cost);
  const total = lines.reduce((sum, line) => sum + line.usd, 0);
  const width = Math.max(...lines.map((line) => line.item.length));
  const requests = cost.requests
    .map(
      (r) =>
        `${r.name} ${r.ms.toFixed(0)} ms at ${r.memoryMb} MB, ${r.writeUnits.toFixed(1)} WRU + ` +
        `${r.readUnits.toFixed(1)} RRU, ${((r.logBytes + accessLogBytes(r)) / 1024).toFixed(1)} KiB of logs`,
    )
    .join('; ');
  const month = (run: Footprint) => usd(jobRunCost(run) * RATES_RUNS_A_MONTH);
  return [
    `Cost of 1,000 applications end to end (submit; staff PENDING -> PROCESSING -> COMPLETED; the mails: ` +
      `${cost.mailsPerApplication.toFixed(1)} each, owner and staff): ${usd(total)} ` +
      `(${usd(total / 1000)} an application; the mean of ${cost.applications} measured here).`,
    `  per application: ${requests}.`,
    ...lines.map((line) => `  ${line.item.padEnd(width)}  ${usd(line.usd).padStart(8)}`),
    `  the outbox sender, per application (in the lines above): ${cost.sender.writeUnits.toFixed(1)} WRU, ` +
      `${cost.sender.invocations.toFixed(1)} invocations, ${cost.sender.ms.toFixed(0)} ms.`,
    `Rates job, one run a minute (${RATES_RUNS_A_MONTH.toLocaleString('en-US')} runs in 30 days): ` +
      `${month(ratesJob.moved)} a month if every run writes as the measured one with a moved price ` +
      `(${ratesJob.moved.writes} writes, ${ratesJob.moved.writeUnits.toFixed(1)} WRU + ` +
      `${ratesJob.moved.readUnits.toFixed(1)} RRU, ${ratesJob.moved.ms.toFixed(0)} ms), ` +
      `${month(ratesJob.unchanged)} if none does (${ratesJob.unchanged.readUnits.toFixed(1)} RRU, ` +
      `${ratesJob.unchanged.ms.toFixed(0)} ms).`,
    `Durations are this machine's wall time per request, the handler running in this process against ` +
      `DynamoDB Local and the local SES inbox: a stand-in for Lambda's billed duration (cold starts not ` +
      `counted), priced at the ${STAGE.memoryMb.default} MB the prod stage gives these functions. Logs at ` +
      `the prod level (${STAGE.logLevel}) as measured, plus estimates of Lambda's own lines ` +
      `(${PLATFORM_LOG.bytes} bytes an invocation) and of a WAF record (${WAF_LOG_BYTES} bytes).`,
    `Prices: list prices in ${PRICES_REGION} unless said, first tier, no free tier, entered ${PRICES_AS_OF} ` +
      '(test/bench/prices.ts):',
    ...Object.values(PRICES).map((price) => {
      const per = price.per === 1 ? '' : ` per ${price.per.toLocaleString('en-US')}`;
      return `  ${price.unit}: $${price.usd}${per} (${price.region}) ${price.source}`;
    }),
  ].join('\n');
}

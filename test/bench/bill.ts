import { jobs } from '@functions/routes/manifest';
import { scheduleIntervalMs } from '@functions/routes/schedule';
import { ACCESS_LOG_FIELDS } from '@infra/stacks/api-stage-stack';
import { STAGES } from '@infra/stacks/stages';
import { LIVE_PING_SECONDS } from '@shared/contract/live';
import type { Footprint } from './application-cost';
import type { FixedResources } from './fixed-costs';
import type { LifeMeasurements, LifeStep } from './life-cost';
import { costOf, PRICES, PRICES_REGION, type PriceName } from './prices';
import type { SiteVisits } from './web-routes';

/**
 * The monthly bill at a given number of applications a day: an application's whole life (the
 * visits before it, the account, the order page's live connection and its polling, the staff's
 * work, the mails and Telegram messages), priced from what test/bench/life-cost.ts measured on
 * the local stack times how often a life does each (ASSUMPTIONS, printed with the bill); the
 * scheduled jobs a month from their manifest schedules; and what the templates hold that costs
 * money every month (counted by test/bench/fixed-costs.ts), with the table's storage, its
 * point-in-time recovery and the daily backups in both regions at the size a year of that volume
 * leaves.
 */
const STAGE = STAGES.prod;
const DAYS_A_MONTH = 30;
const MINUTES_A_MONTH = DAYS_A_MONTH * 24 * 60;
export const BILL_VOLUMES = [100, 2_000, 20_000];

/** How often an application's life does each thing: stated, not measured. */
export const ASSUMPTIONS = {
  visitsPerApplication: {
    value: 4,
    what: 'visits to the site per application (the applicant and visitors who do not apply), each with an empty cache',
  },
  quotesPerVisit: {
    value: 3,
    what: "calculator quotes per visit (POST /rates/calculate, the form's debounce)",
  },
  pagesPerVisit: {
    value: 3,
    what: 'pages seen per visit (the first downloads the app; the others are in-app)',
  },
  newAccountShare: { value: 0.6, what: 'share of applications by a new account (register + verify)' },
  sessionsPerApplication: {
    value: 3,
    what: 'sessions of the applicant over the life (each: a login or refresh, me, the order page)',
  },
  orderPageMinutes: { value: 30, what: 'minutes the order page is open over the life (all sessions)' },
  notLiveShare: {
    value: 0.1,
    what: 'share of those minutes without a live connection: the page polls every 15 s (conditional, 304)',
  },
  changesPerApplication: {
    value: 6,
    what: 'staff moves of a deal (taken, instructions, paid, confirmed, exchanging, completed), each a notice',
  },
  staffTabs: { value: 3, what: 'staff tabs open on the list, each sent every notice' },
  staffListViews: { value: 6, what: 'staff list loads per application (GET /admin/applications)' },
  staffDetailViews: { value: 5, what: 'staff opens of the application (its detail and its thread)' },
  extraMailsPerMove: {
    value: 1,
    what: 'owner mails per move beyond the 2 the bench life makes (measured: its mails and Telegram)',
  },
  tableGrowthMonths: {
    value: 12,
    what: 'months of this volume the table holds (storage, point-in-time recovery and backups priced at that size)',
  },
  warmSecretReaders: {
    value: 20,
    what: "warm execution environments reading secrets (each reads its secrets' 2 versions every 5 minutes)",
  },
  fanOutMs: {
    value: 60,
    what: 'ms of the live fan-out per change (not measured: its stream is off in the bench)',
  },
  authorizerMs: { value: 20, what: "ms of the origin authorizer's run, once per 5 minutes (its cache)" },
} as const;
const A = Object.fromEntries(Object.entries(ASSUMPTIONS).map(([key, { value }]) => [key, value])) as {
  [K in keyof typeof ASSUMPTIONS]: number;
};

/** Lambda's own START, END and REPORT lines per invocation (text, with the X-Ray trace line): an estimate. */
const PLATFORM_LOG = { bytes: 380, lines: 3 };
/** One WAF log record (URI, headers, the rule groups evaluated): about 1.5 KB, an estimate. */
const WAF_LOG_BYTES = 1500;
/** CloudWatch Logs counts 26 bytes of metadata per event. */
const EVENT_OVERHEAD = 26;
/** One access-log line of the HTTP API (its fields filled with typical values). */
const ACCESS_LOG_BYTES = JSON.stringify(ACCESS_LOG_FIELDS).length + 120;
const GB = 1e9;

type Usd = Partial<Record<PriceName, number>>;

/** The units of each price one Lambda invocation uses. */
function invocation(footprint: Footprint, memoryMb: number = STAGE.memoryMb.default): Usd {
  return {
    lambdaRequests: 1,
    lambdaArmGbSeconds: (Math.ceil(footprint.ms) / 1000) * (memoryMb / 1024),
    dynamoReadRequestUnits: footprint.readUnits,
    dynamoWriteRequestUnits: footprint.writeUnits,
    logsIngestedGb:
      (footprint.logBytes + PLATFORM_LOG.bytes + (footprint.logLines + PLATFORM_LOG.lines) * EVENT_OVERHEAD) /
      GB,
    xrayTraces: 1,
  };
}

function add(into: Usd, units: Usd, times = 1): Usd {
  for (const [name, value] of Object.entries(units) as Array<[PriceName, number]>) {
    into[name] = (into[name] ?? 0) + value * times;
  }
  return into;
}

const usdOf = (units: Usd) =>
  (Object.entries(units) as Array<[PriceName, number]>).reduce(
    (sum, [name, value]) => sum + costOf(name, value),
    0,
  );

/** One API request through CloudFront, the WAF, the HTTP API and its function. */
function apiRequest(life: LifeMeasurements, step: LifeStep): Usd {
  const footprint = life.steps[step];
  return add(invocation(footprint, footprint.memoryMb), {
    cloudFrontHttpsRequests: 1,
    cloudFrontTransferOutGb: footprint.responseBytes / GB,
    wafRequests: 1,
    vendedLogsGb: WAF_LOG_BYTES / GB,
    httpApiRequests: 1,
    logsIngestedGb: (ACCESS_LOG_BYTES + EVENT_OVERHEAD) / GB,
  });
}

/** The parts of one application's life, each as the units of the prices it uses. */
export function applicationParts(life: LifeMeasurements, visits: SiteVisits): Array<[string, Usd]> {
  const api = (units: Usd, step: LifeStep, times: number) => add(units, apiRequest(life, step), times);
  const pages = (units: Usd, visit: { requests: number; bytes: number }, times: number) =>
    add(
      units,
      {
        cloudFrontHttpsRequests: visit.requests,
        cloudFrontTransferOutGb: visit.bytes / GB,
        wafRequests: visit.requests,
        vendedLogsGb: (visit.requests * WAF_LOG_BYTES) / GB,
      },
      times,
    );

  const visitor: Usd = {};
  pages(visitor, visits.cold, A.visitsPerApplication);
  pages(visitor, visits.warmPage, A.sessionsPerApplication);
  for (const step of ['status', 'geo', 'rates'] as const) api(visitor, step, A.visitsPerApplication);
  api(visitor, 'quote', A.visitsPerApplication * A.quotesPerVisit);

  const auth: Usd = {};
  api(auth, 'register', A.newAccountShare);
  api(auth, 'verifyEmail', A.newAccountShare);
  api(auth, 'login', A.sessionsPerApplication - A.newAccountShare);
  // A refresh per session, and one per 15 minutes the page stays open (the access token's life).
  api(auth, 'refresh', A.sessionsPerApplication + A.orderPageMinutes / 15);
  api(auth, 'me', A.sessionsPerApplication);
  api(auth, 'logout', 1);

  const order: Usd = {};
  api(order, 'submit', 1);
  api(order, 'myApplications', A.sessionsPerApplication);
  api(order, 'notifications', A.sessionsPerApplication);
  // Each session's first read, one read per notice of a change, and the fallback's conditional reads.
  api(order, 'orderRead', A.sessionsPerApplication + A.changesPerApplication);
  api(order, 'orderThread', A.sessionsPerApplication);
  const pollReads = ((A.orderPageMinutes * 60) / 15) * A.notLiveShare;
  api(order, 'orderRead304', pollReads);

  const live: Usd = {};
  const liveMinutes = A.orderPageMinutes * (1 - A.notLiveShare);
  const pings = liveMinutes / (LIVE_PING_SECONDS / 60);
  api(live, 'liveTicket', A.sessionsPerApplication);
  add(live, invocation(life.steps.liveConnect), A.sessionsPerApplication);
  add(live, invocation(life.steps.liveDisconnect), A.sessionsPerApplication);
  add(live, invocation(life.steps.livePing), pings);
  add(
    live,
    invocation({ ms: A.fanOutMs, readUnits: 2, writeUnits: 0, logBytes: 0, logLines: 0 }),
    A.changesPerApplication,
  );
  add(live, {
    webSocketConnectionMinutes: liveMinutes,
    // A ping and its pong, and each change's notice to the owner's tab and each staff tab.
    webSocketMessages: pings * 2 + A.changesPerApplication * (1 + A.staffTabs),
  });

  const staff: Usd = {};
  api(staff, 'staffList', A.staffListViews);
  api(staff, 'staffDetail', A.staffDetailViews);
  api(staff, 'staffThread', A.staffDetailViews);
  api(staff, 'staffMove', A.changesPerApplication);

  const messages: Usd = {};
  const extraMails = Math.max(0, A.changesPerApplication - 2) * A.extraMailsPerMove;
  const mails = life.mails + extraMails;
  const sentBySender = life.mails + life.telegramMessages;
  // The sender's measured work per message, for the mails and Telegram messages of the life.
  const perMessage = (value: number) => (sentBySender > 0 ? value / sentBySender : 0);
  const senderPerMessage: Footprint = {
    ms: perMessage(life.sender.ms),
    readUnits: 0,
    writeUnits: perMessage(life.sender.writeUnits),
    logBytes: perMessage(life.sender.logBytes),
    logLines: perMessage(life.sender.logLines),
  };
  add(messages, { sesMails: mails });
  add(messages, invocation(senderPerMessage), mails + life.telegramMessages);
  // One invocation handles a batch: count the measured invocations, not one per message.
  messages.lambdaRequests = life.sender.invocations * (mails / Math.max(life.mails, 1));
  messages.xrayTraces = messages.lambdaRequests;

  return [
    ['visitor: pages, figures and quotes', visitor],
    ['account: register, verify, login, refresh, me, logout', auth],
    ['order page: submit, reads, 15 s fallback (304s)', order],
    ['order page live: WebSocket minutes and frames, fan-out', live],
    ['staff: list, detail, thread, moves', staff],
    [
      `mails (${mails.toFixed(1)}) and Telegram (${life.telegramMessages.toFixed(1)}) via the outbox sender`,
      messages,
    ],
  ];
}

/** Every manifest job's month of runs at its schedule, each run as the idle one measured. */
function jobMonths(life: LifeMeasurements): Array<[string, Usd]> {
  return Object.entries(jobs).map(([name, job]) => {
    const runs = (MINUTES_A_MONTH * 60_000) / scheduleIntervalMs(job.schedule);
    const run = life.jobs[name];
    return [
      `job ${name} (${job.schedule}, ${runs.toLocaleString('en-US')} runs)`,
      run ? add({}, invocation(run), runs) : {},
    ];
  });
}

/** What the templates hold, a month, and the table's keeping at the size `applicationsADay` leaves. */
function fixedMonth(
  fixed: FixedResources,
  life: LifeMeasurements,
  applicationsADay: number,
): Array<[string, Usd]> {
  const tableGb = (life.tableBytes * applicationsADay * DAYS_A_MONTH * A.tableGrowthMonths) / GB;
  const backup = STAGE.backup;
  const keptBackups = backup ? backup.keepDays : 0;
  const secretReads = A.warmSecretReaders * 2 * 12 * 24 * DAYS_A_MONTH;
  return [
    ['WAF: web ACL and its rules', { wafWebAcl: fixed.webAcls, wafRule: fixed.wafRules }],
    [`alarms (${fixed.alarms}, every stack)`, { alarms: fixed.alarms }],
    [
      `custom metrics (${fixed.customMetrics} the alarms and dashboard read)`,
      { customMetrics: fixed.customMetrics },
    ],
    ['dashboard', { dashboards: fixed.dashboards }],
    [
      `Secrets Manager (${fixed.secrets} secrets, with the bot's and the replicas in the backup region)`,
      { secrets: fixed.secrets, secretsApiCalls: secretReads },
    ],
    [
      'origin authorizer (one run per 5 minutes, cached)',
      add(
        {},
        invocation({ ms: A.authorizerMs, readUnits: 0, writeUnits: 0, logBytes: 300, logLines: 1 }),
        MINUTES_A_MONTH / 5,
      ),
    ],
    ['KMS keys', { kmsKeys: fixed.kmsKeys }],
    [
      "Route 53 hosted zone (if the site's DNS is there)",
      { route53HostedZones: Math.max(fixed.hostedZones, 1) },
    ],
    [
      `table ${tableGb.toFixed(2)} GB: storage and point-in-time recovery`,
      { dynamoStorageGb: tableGb, dynamoPitrGb: tableGb },
    ],
    [
      `daily backups (each a full copy) kept ${keptBackups} days in ${PRICES_REGION} and ${backup?.copyRegion ?? '-'}, the copy's transfer`,
      backup
        ? {
            backupWarmGb: tableGb * keptBackups,
            backupWarmGbCopyRegion: tableGb * keptBackups,
            crossRegionTransferGb: tableGb * DAYS_A_MONTH,
          }
        : {},
    ],
  ];
}

const money = (value: number) =>
  value < 10 ? `$${value.toFixed(2)}` : `$${Math.round(value).toLocaleString('en-US')}`;

export function renderBill(life: LifeMeasurements, visits: SiteVisits, fixed: FixedResources): string {
  const parts = applicationParts(life, visits);
  const perApplication = parts.map(([name, units]) => [name, usdOf(units)] as const);
  const perApplicationTotal = perApplication.reduce((sum, [, usd]) => sum + usd, 0);
  const jobRows = jobMonths(life).map(([name, units]) => [name, usdOf(units)] as const);
  const header = ['', ...BILL_VOLUMES.map((volume) => `${volume.toLocaleString('en-US')} a day`)];
  const rows: string[][] = [];
  const totals = BILL_VOLUMES.map(() => 0);
  const row = (name: string, values: number[]) => {
    rows.push([name, ...values.map(money)]);
    values.forEach((value, index) => {
      totals[index]! += value;
    });
  };
  for (const [name, usd] of perApplication)
    row(
      name,
      BILL_VOLUMES.map((volume) => usd * volume * DAYS_A_MONTH),
    );
  for (const [name, usd] of jobRows)
    row(
      name,
      BILL_VOLUMES.map(() => usd),
    );
  const fixedNames = fixedMonth(fixed, life, 1).map(([name]) => name);
  fixedNames.forEach((_, index) => {
    const values = BILL_VOLUMES.map((volume) => usdOf(fixedMonth(fixed, life, volume)[index]![1]));
    const name = fixedMonth(fixed, life, BILL_VOLUMES.at(-1)!)[index]![0].replace(
      /table [\d.]+ GB/,
      'the table',
    );
    row(name, values);
  });
  rows.push(['TOTAL a month', ...totals.map(money)]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((cells) => cells[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!)))
      .join('  ');
  const assumptionWidth = Math.max(...Object.keys(ASSUMPTIONS).map((key) => key.length));
  const tableGbAt = (volume: number) => (life.tableBytes * volume * DAYS_A_MONTH * A.tableGrowthMonths) / GB;
  return [
    `The monthly bill at ${BILL_VOLUMES.map((volume) => volume.toLocaleString('en-US')).join(', ')} applications a day ` +
      `(30-day month; prod: ${STAGE.memoryMb.default} MB functions, ${STAGE.memoryMb.passwordHashing} MB for bcrypt, ` +
      `log level ${STAGE.logLevel}; no free tier):`,
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map((cells) =>
      cells[0] === 'TOTAL a month'
        ? `${line(widths.map((width) => '-'.repeat(width)))}\n${line(cells)}`
        : line(cells),
    ),
    `One application's life: ${(perApplicationTotal * 100).toFixed(2)} cents; ` +
      `the table grows ${(life.tableBytes / 1024).toFixed(1)} KiB per application (${tableGbAt(BILL_VOLUMES[0]!).toFixed(2)}, ` +
      `${tableGbAt(BILL_VOLUMES[1]!).toFixed(1)} and ${tableGbAt(BILL_VOLUMES[2]!).toFixed(1)} GB after ${A.tableGrowthMonths} months), ` +
      'and its backups grow with it.',
    '',
    'Assumptions (stated, not measured):',
    ...Object.entries(ASSUMPTIONS).map(
      ([key, { value, what }]) => `  ${key.padEnd(assumptionWidth)}  ${String(value).padStart(5)}  ${what}`,
    ),
    '',
    `Measured on the local stack (mean of ${life.runs} lives after one not counted; test/bench/life-cost.ts): ` +
      `${life.mails.toFixed(1)} mails and ${life.telegramMessages.toFixed(1)} Telegram messages a life (2 staff moves), ` +
      `the outbox sender ${life.sender.invocations.toFixed(1)} invocations and ${life.sender.ms.toFixed(0)} ms; ` +
      `a first visit ${visits.cold.requests} requests and ${(visits.cold.bytes / 1024).toFixed(0)} KiB (gzip), a later page ` +
      `${(visits.warmPage.bytes / 1024).toFixed(0)} KiB; per request (ms, read + write units, answer bytes):`,
    `  ${Object.entries(life.steps)
      .map(
        ([step, f]) =>
          `${step} ${f.ms.toFixed(0)} ms ${f.readUnits.toFixed(1)}+${f.writeUnits.toFixed(1)} ${Math.round(f.responseBytes)} B`,
      )
      .join('; ')}`,
    `  jobs, an idle run: ${Object.entries(life.jobs)
      .map(
        ([name, f]) => `${name} ${f.ms.toFixed(0)} ms ${f.readUnits.toFixed(1)}+${f.writeUnits.toFixed(1)}`,
      )
      .join('; ')}`,
    `Counted in the prod templates (npm run synth's stacks, with the Telegram bot): ${fixed.alarms} alarms ` +
      `(${Object.entries(fixed.alarmsByStack)
        .map(([stack, count]) => `${stack} ${count}`)
        .join(
          ', ',
        )}), ${fixed.dashboards} dashboard, ${fixed.secrets} secrets, ${fixed.webAcls} web ACL with ` +
      `${fixed.wafRules} rules, ${fixed.customMetrics} custom metrics, ${fixed.metricFilters} metric filter, ` +
      `${fixed.kmsKeys} KMS keys, ${fixed.hostedZones} hosted zones, ${fixed.backupPlans} backup plan, ${fixed.functions} functions.`,
    'Not priced (each well under a dollar a month at these volumes, or outside the stacks): CloudWatch Logs storage, ' +
      'SNS alarm mails, EventBridge events, SQS, the S3 buckets, CodeDeploy (free for Lambda), data transfer out of the API ' +
      "(CloudFront carries it), the canaries' ServerErrors metrics per version (only a version that errs publishes one).",
    'Prices (US dollars, no free tier, first volume tier):',
    ...Object.values(PRICES).map((price) => {
      const per = price.per === 1 ? '' : ` per ${price.per.toLocaleString('en-US')}`;
      const estimate = price.estimate ? ` — ESTIMATE: ${price.estimate}` : '';
      return `  ${price.unit}: $${price.usd}${per} (${price.region}; ${price.source}; entered ${price.entered})${estimate}`;
    }),
  ].join('\n');
}

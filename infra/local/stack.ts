import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  PENDING_UPLOAD_EXPIRY_DAYS,
  UPLOAD_KEY_PREFIX,
  UPLOAD_TAG_KEY,
  UPLOAD_TAG_PENDING,
} from '@functions/data/uploads-definition';
import { PROVIDER_URL_VARIABLES, type ProviderUrls } from '@functions/domain/rates/providers';
import { LANGUAGES } from '@shared/enums';
import { API_DOCS_FILE, API_DOCS_PATH, contentSecurityPolicy, REFERRER_POLICY } from '../security-headers';
import { LOCAL_AML_API_KEY, startAmlStandIn } from './aml-stand-in';
import { apiRequestListener, loadApiHandlers } from './api-adapter';
import { type DynamoJit, ensureTable, startDynamoLocal } from './dynamo';
import { startLocalExportWorker } from './export-worker';
import { type JobName, startJobTimers } from './jobs';
import { startLiveSockets } from './live-socket';
import { startLiveStream } from './live-stream';
import { startMailInbox } from './mail';
import { startMarketDataStandIn } from './market-data-stand-in';
import { startLocalMailSender } from './outbox';
import { assertPortFree, LocalStackError } from './ports';
import { startRateProviderStandIns } from './rate-providers';
import { LOCAL_SITE_BUCKET, LOCAL_UPLOADS_BUCKET, startS3StandIn } from './s3-stand-in';
import { type SitePageSource, staticSiteListener } from './static-site';
import {
  LOCAL_TELEGRAM_BOT_TOKEN,
  LOCAL_TELEGRAM_BOT_USERNAME,
  startTelegramStandIn,
} from './telegram-stand-in';
import { startTronStandIn } from './tron-stand-in';

export const WEB_DIST_DIR = join(import.meta.dirname, '../../web/dist');
/** The SES inbox ignores configuration sets; the sender requires one, as in AWS. */
export const LOCAL_CONFIGURATION_SET = 'exchange-local';

const LOCAL_REGION = 'us-east-1';
/** What the functions sign with locally, and what the S3 stand-in checks signatures against. */
const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;
/**
 * The outbox query's period when the stream wakes the sender: a net for a change the reader has not
 * shown yet, not the way mail leaves. (Queried every half second and after every request, the two
 * channels' unsent indexes were about a fifth of DynamoDB Local's calls in an API test.)
 */
const STREAMED_OUTBOX_POLL_MS = 5000;

export interface LocalStackOptions {
  /** Site and API port; 0 picks a free one. */
  port: number;
  mailPort: number;
  dynamoPort: number;
  /** The S3 stand-in of the uploads bucket; 0 or absent picks a free port. */
  uploadsPort?: number;
  /** Folder the stand-in keeps uploaded files in; null or absent keeps them in memory. */
  uploadsDir?: string | null;
  /** Folder for DynamoDB Local's files; null keeps the data in memory. */
  dataDir: string | null;
  /** How DynamoDB Local's JVM compiles (infra/local/dynamo.ts `DynamoJit`); both tiers when absent. */
  dynamoJit?: DynamoJit;
  /**
   * A DynamoDB Local that is already running, to use instead of starting one (`dynamoPort` and
   * `dataDir` are then not used, and stopping the stack leaves it running): a second stack on
   * another table of the same database, as the restore drill's test starts one on the restored table.
   */
  dynamoEndpoint?: string;
  tableName: string;
  jwtSecret: string;
  /** CloudFront's origin header value (functions' ORIGIN_SECRET); a random one per start when absent. */
  originSecret?: string;
  mailFrom: string;
  /** How non-API paths are answered: the built app, Vite's dev middleware, or not at all (API tests). */
  web: 'static' | 'dev' | 'none';
  /** Run the manifest's jobs on their local periods: all of them, none, or the ones named. */
  runJobs: boolean | readonly JobName[];
  /**
   * Run the outbox's mail sender (default). False: the caller runs one itself
   * (`startLocalMailSender` in this process), as the bench does to measure it apart from the routes.
   */
  sendMail?: boolean;
  /**
   * Run live push's fan-out on the table's stream (default). False: the sockets are served but no
   * notice is pushed, as the DynamoDB cost bench does so the fan-out's calls land in no route's row,
   * and the table has no stream (the `bulk` integration tests' stack: vitest.config.ts).
   */
  liveFanOut?: boolean;
  /**
   * Base URL of the market-data provider behind `GET /api/market/ticker`; without it the stack
   * starts a stand-in (infra/local/market-data-stand-in.ts).
   */
  marketDataUrl?: string;
  /**
   * Base URLs of the rates job's providers (RATES_CRYPTO_URL, RATES_FIAT_URL, RATES_USDT_MARKET_URL,
   * RATES_CENTRAL_BANK_URL). Each one unset: a local stand-in (infra/local/rate-providers.ts) that
   * answers from the seed's USD values.
   */
  rateProviders?: Partial<ProviderUrls>;
  /**
   * The TRON provider (TronGrid's HTTP API, functions/data/tron.ts): `url` unset starts the stand-in
   * (infra/local/tron-stand-in.ts) on `port` (0 or absent: a free one); `apiKey` is sent as
   * TRON-PRO-API-KEY; `timeoutMs` shortens the calls' 5 s timeout (tests of a slow provider).
   */
  tron?: { url?: string; port?: number; apiKey?: string; timeoutMs?: number; usdtContract?: string };
  /**
   * The AML provider (the change.pro AML Check API, functions/data/aml.ts): `url` unset starts the
   * stand-in (infra/local/aml-stand-in.ts) on `port` (0 or absent: a free one) with a local key, so
   * the check is on; `url` given: that provider with `apiKey` (none: the check is off). `timeoutMs`
   * shortens the calls' 5 s timeout.
   */
  aml?: { url?: string; port?: number; apiKey?: string; timeoutMs?: number };
  /**
   * The Telegram bot (functions/data/telegram-bot-api.ts). Absent: the Bot API stand-in
   * (infra/local/telegram-stand-in.ts) on `port` (0 or absent: a free one) with `token` and
   * `username` (default a local bot, `exchange_local_bot`) and `webhookSecret` (default random), its
   * webhook pointed at this site's `/api/telegram/webhook` once the site answers. `url` given: that
   * Bot API (Telegram's own) with the given token and username, and no webhook is set (Telegram
   * cannot reach this machine). `false`: no bot, as an installation without one.
   */
  telegram?:
    | { url?: string; port?: number; token?: string; username?: string; webhookSecret?: string }
    | false;
  /** Folder of the built web app for `web: 'static'` (default web/dist; the e2e tests build elsewhere). */
  webDistDir?: string;
  /** When both are set and no user has this email, a verified, active SUPER_ADMIN is created at start. */
  adminEmail?: string;
  adminPassword?: string;
  /**
   * Seed every city open around the clock instead of the seed's working hours (the test stacks:
   * tests not about working hours must pass at any hour; those about them set the hours they test).
   */
  aroundTheClock?: boolean;
  /**
   * Seed the verification tiers' limits at their defaults (default true, as `npm start`); false seeds
   * every limit off (shared/limits.ts NO_LIMITS): the test stacks, whose tests are not about limits,
   * while the limits' own tests set the values they test on a table of their own.
   */
  limits?: boolean;
  /**
   * Carry the reserves and recorded movements into the books after the seed, as a deploy does
   * (`npm start`; the test stacks leave it to the tests about it, so their reserves stay one figure).
   */
  carryOverLedger?: boolean;
  /**
   * Check every successful answer against its route's response schema and answer 500 on a
   * mismatch, so the published document and the behaviour cannot drift (the tests turn it on).
   */
  checkResponses?: boolean;
}

export interface LocalStack {
  siteUrl: string;
  /**
   * The API reached around CloudFront (no origin header added), as a caller of the execute-api
   * endpoint would: the origin authorizer refuses everything there (the smoke test checks it).
   */
  directApiUrl: string;
  mailUrl: string;
  dynamoEndpoint: string;
  /** The S3 stand-in of the uploads bucket (path-style: `{uploadsUrl}/{bucket}/{key}`). */
  uploadsUrl: string;
  /** The S3 stand-in of the site bucket, whose pages the publisher rewrites. */
  siteBucketUrl: string;
  /** The market-data provider the ticker function calls (the stand-in unless one was given). */
  marketDataUrl: string;
  /** The TRON provider the functions call (the stand-in unless one was given). */
  tronApiUrl: string;
  /** The AML provider the functions call (the stand-in unless one was given). */
  amlApiUrl: string;
  /** The Bot API the functions call (the stand-in unless one was given); null without a bot. */
  telegramApiUrl: string | null;
  /** The webhook's secret (TELEGRAM_WEBHOOK_SECRET); null without a bot. */
  telegramWebhookSecret: string | null;
  stop: () => Promise<void>;
}

/**
 * The whole service on this machine: DynamoDB Local, the SES inbox, the API served by the very
 * handler modules Lambda runs, the outbox's mail sender, the web app on the same origin (as
 * CloudFront), the job timers and stand-ins of the rates job's market-data providers.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const stoppers: Array<() => Promise<void> | void> = [];
  let stopping = false;
  const stop = async () => {
    stopping = true;
    for (const stopOne of stoppers.reverse()) await stopOne();
  };
  // The stand-ins' drains, wired once the outbox sender and the job timers exist.
  const drains = { outbox: async () => {}, chain: async () => {} };
  try {
    if (options.port !== 0) await assertPortFree(options.port, 'site', 'PORT');
    if (options.mailPort !== 0) await assertPortFree(options.mailPort, 'mail view', 'MAIL_PORT');
    if (options.uploadsPort) await assertPortFree(options.uploadsPort, 'uploads bucket', 'UPLOADS_PORT');
    let dynamoEndpoint = options.dynamoEndpoint;
    if (dynamoEndpoint === undefined) {
      await assertPortFree(options.dynamoPort, 'DynamoDB Local', 'DYNAMODB_PORT');
      const dynamo = await startDynamoLocal(options.dynamoPort, options.dataDir, options.dynamoJit);
      stoppers.push(() => stopChild(dynamo.process));
      // Without its database the service cannot answer: say so in one line and stop everything.
      dynamo.process.once('exit', (code) => {
        if (stopping) return;
        console.error(`DynamoDB Local stopped unexpectedly (code ${code}); stopping the local stack.`);
        void stop().finally(() => process.exit(1));
      });
      dynamoEndpoint = dynamo.endpoint;
    }
    await ensureTable(dynamoEndpoint, options.tableName);

    const mail = await startMailInbox(options.mailPort);
    stoppers.push(() => closeServer(mail));
    const mailUrl = `http://localhost:${(mail.address() as AddressInfo).port}`;

    let listener: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
      response.writeHead(503).end('Starting');
    };
    const site = createServer((request, response) => listener(request, response));
    await new Promise<void>((resolve, reject) => {
      site.once('error', reject);
      site.listen(options.port, '127.0.0.1', resolve);
    });
    stoppers.push(() => closeServer(site));
    const siteUrl = `http://localhost:${(site.address() as AddressInfo).port}`;

    // The uploads bucket: the browser POSTs files to it from the site's origin, as to S3.
    const uploads = await startS3StandIn({
      port: options.uploadsPort ?? 0,
      bucket: LOCAL_UPLOADS_BUCKET,
      region: LOCAL_REGION,
      accessKeyId: LOCAL_CREDENTIALS.accessKeyId,
      secretAccessKey: LOCAL_CREDENTIALS.secretAccessKey,
      allowedOrigin: () => siteUrl,
      dataDir: options.uploadsDir ?? null,
      lifecycle: {
        prefix: UPLOAD_KEY_PREFIX,
        tag: UPLOAD_TAG_KEY,
        value: UPLOAD_TAG_PENDING,
        days: PENDING_UPLOAD_EXPIRY_DAYS,
      },
    });
    stoppers.push(uploads.stop);
    // The site bucket: the build's pages as a deploy puts them, which the publisher rewrites.
    const siteBucket = await startSiteBucket(
      options.web === 'static' ? (options.webDistDir ?? WEB_DIST_DIR) : null,
    );
    stoppers.push(siteBucket.stop);

    let marketDataUrl = options.marketDataUrl;
    if (marketDataUrl === undefined) {
      const standIn = await startMarketDataStandIn();
      stoppers.push(() => closeServer(standIn.server));
      marketDataUrl = standIn.url;
    }

    const tron = options.tron ?? {};
    let tronApiUrl = tron.url;
    if (tronApiUrl === undefined) {
      if (tron.port) await assertPortFree(tron.port, 'TRON stand-in', 'TRON_PORT');
      const standIn = await startTronStandIn({
        port: tron.port ?? 0,
        usdtContract: tron.usdtContract,
        drain: () => drains.chain(),
      });
      stoppers.push(standIn.stop);
      tronApiUrl = standIn.url;
    }
    Object.assign(process.env, {
      TRON_API_URL: tronApiUrl,
      ...(tron.apiKey ? { TRON_API_KEY: tron.apiKey } : {}),
      ...(tron.timeoutMs ? { TRON_TIMEOUT_MS: String(tron.timeoutMs) } : {}),
      ...(tron.usdtContract ? { TRON_USDT_CONTRACT: tron.usdtContract } : {}),
    });

    const aml = await configureAml(options.aml ?? {});
    if (aml.standIn) stoppers.push(aml.standIn.stop);

    const telegram = await configureTelegram(options.telegram, () => drains.outbox());
    if (telegram.standIn) stoppers.push(telegram.standIn.stop);

    const originSecret = options.originSecret ?? randomBytes(32).toString('base64url');
    configureFunctionEnvironment(options, {
      originSecret,
      siteUrl,
      dynamo: dynamoEndpoint,
      mail: mailUrl,
      marketDataUrl,
      uploads: uploads.url,
      site: siteBucket.url,
    });
    const rateProviders = await rateProviderUrls(options.rateProviders ?? {}, stoppers);
    for (const [key, variable] of Object.entries(PROVIDER_URL_VARIABLES))
      process.env[variable] = rateProviders[key as keyof ProviderUrls];
    const { seedDatabase } = await import('@functions/seed/seed');
    // Locally staff may work without a second factor (docs/decisions.md); AWS seeds the default, on.
    const { NO_LIMITS } = await import('@shared/limits');
    await seedDatabase({
      settingValues: { staffMfaRequired: 0, ...(options.limits === false ? NO_LIMITS : {}) },
      aroundTheClock: options.aroundTheClock ?? false,
    });
    if (options.carryOverLedger) {
      const { carryOverIntoBooks } = await import('@functions/domain/ledger/carry-over');
      await carryOverIntoBooks();
    }
    if (options.web === 'static') {
      // As after a deploy: the blocks staff wrote go into the build's pages before the first visitor.
      const { publishIfStale } = await import('@functions/domain/site-content/publish');
      await publishIfStale();
    }
    if (options.adminEmail && options.adminPassword) {
      const { ensureSuperAdmin } = await import('@functions/domain/accounts/bootstrap');
      await ensureSuperAdmin(options.adminEmail, options.adminPassword);
    }

    // Mail leaves through the outbox: the sender Lambda runs here from a query of its unsent items,
    // made when the table's stream shows an outbox item queued (and now and then besides), or, with
    // no stream, after each write and job run and every 2 s besides.
    const streamed = options.liveFanOut !== false;
    const mailSender =
      options.sendMail === false
        ? undefined
        : await startLocalMailSender(streamed ? { pollMs: STREAMED_OUTBOX_POLL_MS } : {});
    if (mailSender) {
      stoppers.push(mailSender.stop);
      drains.outbox = mailSender.drain;
    }
    // Live push: the WebSocket handlers on the site's port at /live, the management API's stand-in,
    // and the fan-out on DynamoDB Local's stream of the table (docs/architecture.md "Live push").
    const liveStream = streamed
      ? await startLiveStream(dynamoEndpoint, options.tableName, mailSender?.wake)
      : undefined;
    if (liveStream) stoppers.push(liveStream.stop);
    const liveSockets = await startLiveSockets(site, siteUrl);
    stoppers.push(liveSockets.stop);
    Object.assign(process.env, { LIVE_URL: liveSockets.url, LIVE_MANAGEMENT_URL: liveSockets.managementUrl });
    // After a write or a job's run: the stream is read at once (and wakes the sender if it shows mail).
    const afterInvoke = () => (liveStream ?? mailSender)?.wake();
    const handlers = await loadApiHandlers();
    // The export worker, which the export route starts without waiting (Lambda's Event invocation).
    const exportWorker = await startLocalExportWorker();
    stoppers.push(exportWorker.stop);
    const api = apiRequestListener(handlers, {
      checkResponses: options.checkResponses ?? false,
      originSecret,
      afterInvoke,
    });
    const direct = createServer((request, response) => {
      apiRequestListener(handlers, { checkResponses: false })(request, response).catch(() => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
    });
    await new Promise<void>((resolve) => direct.listen(0, '127.0.0.1', resolve));
    stoppers.push(() => closeServer(direct));
    const directApiUrl = `http://localhost:${(direct.address() as AddressInfo).port}`;
    const web = await webListener(options, uploads.url, liveSockets.url, siteBucket.object);
    listener = (request, response) => {
      const handle = isApiPath(request.url) ? api : web;
      handle(request, response).catch((error: unknown) => {
        console.error(error);
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
    };

    if (options.runJobs !== false) {
      const only = options.runJobs === true ? undefined : options.runJobs;
      const timers = await startJobTimers(afterInvoke, only);
      stoppers.push(timers.stop);
      // The watcher has read every transfer made so far once a run that starts now ends; then the
      // mails and messages its moves queued go out.
      drains.chain = async () => {
        await timers.runNow('watchChain');
        await drains.outbox();
      };
    }
    // As an operator does after a deploy (the security page's "Set webhook"), through the adapter.
    if (telegram.standIn && telegram.webhookSecret) {
      const { setWebhook } = await import('@functions/data/telegram-bot-api');
      await setWebhook(`${siteUrl}/api/telegram/webhook`, telegram.webhookSecret);
    }
    return {
      siteUrl,
      directApiUrl,
      mailUrl,
      dynamoEndpoint,
      uploadsUrl: uploads.url,
      siteBucketUrl: siteBucket.url,
      marketDataUrl,
      tronApiUrl,
      amlApiUrl: aml.url,
      telegramApiUrl: telegram.apiUrl,
      telegramWebhookSecret: telegram.webhookSecret,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The rates job's provider URLs: those given, and for the others the stand-ins' (started only
 * when one is missing), which answer from the seed's USD values.
 */
async function rateProviderUrls(
  given: Partial<ProviderUrls>,
  stoppers: Array<() => Promise<void> | void>,
): Promise<ProviderUrls> {
  const set = Object.fromEntries(Object.entries(given).filter(([, url]) => url));
  if (Object.keys(PROVIDER_URL_VARIABLES).every((key) => key in set)) return set as ProviderUrls;
  const { SEED_USD_VALUES } = await import('@functions/seed/rates-data');
  const standIns = await startRateProviderStandIns(SEED_USD_VALUES);
  stoppers.push(standIns.stop);
  return { ...standIns.urls, ...set };
}

/**
 * The AML provider's variables for the functions (CDK gives them the key's secret instead): the
 * stand-in's, with its local key, unless a provider was given.
 */
async function configureAml(option: NonNullable<LocalStackOptions['aml']>) {
  delete process.env.AML_API_KEY;
  delete process.env.AML_TIMEOUT_MS;
  let url = option.url;
  let apiKey = option.apiKey;
  let standIn: Awaited<ReturnType<typeof startAmlStandIn>> | undefined;
  if (url === undefined) {
    if (option.port) await assertPortFree(option.port, 'AML stand-in', 'AML_PORT');
    apiKey ??= LOCAL_AML_API_KEY;
    standIn = await startAmlStandIn({ port: option.port ?? 0, apiKey });
    url = standIn.url;
  }
  Object.assign(process.env, {
    AML_API_URL: url,
    ...(apiKey ? { AML_API_KEY: apiKey } : {}),
    ...(option.timeoutMs ? { AML_TIMEOUT_MS: String(option.timeoutMs) } : {}),
  });
  return { url, standIn };
}

const TELEGRAM_VARIABLES = [
  'TELEGRAM_API_URL',
  'TELEGRAM_BOT_TOKEN',
  'TELEGRAM_BOT_USERNAME',
  'TELEGRAM_WEBHOOK_SECRET',
] as const;

/**
 * The Telegram bot's variables for the functions (CDK gives them the secrets' ARNs instead): the
 * stand-in's unless a Bot API was given; none at all without a bot.
 */
async function configureTelegram(option: LocalStackOptions['telegram'], drain: () => Promise<void>) {
  for (const name of TELEGRAM_VARIABLES) delete process.env[name];
  if (option === false) return { apiUrl: null, webhookSecret: null, standIn: undefined };
  const webhookSecret = option?.webhookSecret ?? randomBytes(32).toString('base64url');
  let apiUrl = option?.url;
  let standIn: Awaited<ReturnType<typeof startTelegramStandIn>> | undefined;
  let token = option?.token;
  let username = option?.username;
  if (apiUrl === undefined) {
    token ??= LOCAL_TELEGRAM_BOT_TOKEN;
    username ??= LOCAL_TELEGRAM_BOT_USERNAME;
    if (option?.port) await assertPortFree(option.port, 'Telegram stand-in', 'TELEGRAM_PORT');
    standIn = await startTelegramStandIn({ port: option?.port ?? 0, token, username, drain });
    apiUrl = standIn.url;
  } else if (!token || !username) {
    throw new LocalStackError(
      'A Telegram Bot API URL needs the bot token and username too (TELEGRAM_BOT_TOKEN, TELEGRAM_BOT_USERNAME).',
    );
  }
  Object.assign(process.env, {
    TELEGRAM_API_URL: apiUrl,
    TELEGRAM_BOT_TOKEN: token,
    TELEGRAM_BOT_USERNAME: username.replace(/^@/, ''),
    TELEGRAM_WEBHOOK_SECRET: webhookSecret,
  });
  return { apiUrl, webhookSecret, standIn };
}

/** The variables each Lambda gets from CDK, pointed at the local stand-ins. */
function configureFunctionEnvironment(
  options: LocalStackOptions,
  urls: {
    originSecret: string;
    siteUrl: string;
    dynamo: string;
    mail: string;
    marketDataUrl: string;
    uploads: string;
    site: string;
  },
) {
  Object.assign(process.env, {
    TABLE_NAME: options.tableName,
    SITE_URL: urls.siteUrl,
    MAIL_FROM: options.mailFrom,
    MAIL_CONFIGURATION_SET: LOCAL_CONFIGURATION_SET,
    JWT_SECRET: options.jwtSecret,
    // Locally the key of the stored TOTP secrets follows the local JWT secret (kept beside the data).
    MFA_KEY: `${options.jwtSecret}:mfa`,
    ORIGIN_SECRET: urls.originSecret,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: urls.dynamo,
    AWS_ENDPOINT_URL_SES: urls.mail,
    UPLOADS_BUCKET: LOCAL_UPLOADS_BUCKET,
    UPLOADS_S3_ENDPOINT: urls.uploads,
    SITE_BUCKET: LOCAL_SITE_BUCKET,
    SITE_S3_ENDPOINT: urls.site,
    MARKET_DATA_URL: urls.marketDataUrl,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
    // The embedded-metric lines are written whatever LOG_LEVEL is (metrics.ts); on a console they are noise.
    METRICS: process.env.METRICS ?? 'off',
  });
}

/** `/api/*` goes to the API, except the API reference page, which is a file of the site (as in CloudFront). */
function isApiPath(url: string | undefined): boolean {
  const path = new URL(url ?? '/', 'http://localhost').pathname;
  return (path.startsWith('/api/') || path === '/api') && path !== API_DOCS_PATH;
}

async function webListener(
  options: LocalStackOptions,
  uploadsUrl: string,
  liveUrl: string,
  sitePage: SitePageSource,
) {
  const securityHeaders = {
    'Content-Security-Policy': contentSecurityPolicy([uploadsUrl], [liveUrl]),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': REFERRER_POLICY,
  };
  const site = await siteListener(options, securityHeaders, sitePage);
  return (request: IncomingMessage, response: ServerResponse) => {
    // The API reference page is a file of the site served at its own path, as CloudFront rewrites it.
    if (new URL(request.url ?? '/', 'http://localhost').pathname === API_DOCS_PATH)
      request.url = API_DOCS_FILE;
    return site(request, response);
  };
}

async function siteListener(
  options: LocalStackOptions,
  securityHeaders: Record<string, string>,
  sitePage: SitePageSource,
) {
  if (options.web === 'static')
    return staticSiteListener(options.webDistDir ?? WEB_DIST_DIR, securityHeaders, sitePage);
  if (options.web === 'dev') {
    const { createServer: createViteServer } = await import('vite');
    const vite = await createViteServer({
      configFile: join(import.meta.dirname, '../../web/vite.config.ts'),
      server: { middlewareMode: true },
      appType: 'spa',
    });
    return async (request: IncomingMessage, response: ServerResponse) => {
      vite.middlewares(request, response);
    };
  }
  return async (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('No web app in this stack.');
  };
}

/**
 * The site bucket's stand-in (in memory), holding the build's prerendered pages (`{language}/*.html`
 * of `distDir`) as the deploy's BucketDeployment puts them, or none (a stack without the site).
 */
async function startSiteBucket(distDir: string | null) {
  const bucket = await startS3StandIn({
    port: 0,
    bucket: LOCAL_SITE_BUCKET,
    region: LOCAL_REGION,
    accessKeyId: LOCAL_CREDENTIALS.accessKeyId,
    secretAccessKey: LOCAL_CREDENTIALS.secretAccessKey,
    // Only the functions call it: no browser origin.
    allowedOrigin: () => '',
    dataDir: null,
  });
  for (const language of distDir ? LANGUAGES : []) {
    const folder = join(distDir!, language);
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.html')))
      bucket.put(`${language}/${file}`, readFileSync(join(folder, file)), 'text/html; charset=utf-8');
  }
  return bucket;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

export { LocalStackError };

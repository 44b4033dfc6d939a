import * as adminApplications from '@shared/routes/admin-applications';
import * as adminUsers from '@shared/routes/admin-users';
import * as applications from '@shared/routes/applications';
import * as audit from '@shared/routes/audit';
import * as auth from '@shared/routes/auth';
import * as blacklist from '@shared/routes/blacklist';
import * as chain from '@shared/routes/chain';
import * as dashboard from '@shared/routes/dashboard';
import * as dealMoney from '@shared/routes/deal-money';
import type {
  AuthorizerDefinition,
  JobDefinition,
  RouteDefinition,
  SocketRouteDefinition,
  WorkerDefinition,
} from '@shared/routes/definition';
import * as ratesExport from '@shared/routes/export';
import * as transactionExports from '@shared/routes/exports';
import * as geo from '@shared/routes/geo';
import * as ledger from '@shared/routes/ledger';
import * as live from '@shared/routes/live';
import * as market from '@shared/routes/market';
import * as messages from '@shared/routes/messages';
import * as mfa from '@shared/routes/mfa';
import * as notifications from '@shared/routes/notifications';
import * as partners from '@shared/routes/partners';
import * as paymentTemplates from '@shared/routes/payment-templates';
import * as profile from '@shared/routes/profile';
import * as rates from '@shared/routes/rates';
import * as reports from '@shared/routes/reports';
import * as reserves from '@shared/routes/reserves';
import * as security from '@shared/routes/security';
import * as settings from '@shared/routes/settings';
import * as shifts from '@shared/routes/shifts';
import * as siteContent from '@shared/routes/site-content';
import * as system from '@shared/routes/system';
import * as telegram from '@shared/routes/telegram';
import * as transactions from '@shared/routes/transactions';
import * as verification from '@shared/routes/verification';

/**
 * The area modules of shared/routes/, by name: the API stacks deploy each area's routes in the
 * stack of its group (infra/stacks/api-routes-stack.ts).
 */
export const routeAreas = {
  system,
  auth,
  mfa,
  profile,
  applications,
  notifications,
  geo,
  rates,
  reserves,
  market,
  export: ratesExport,
  adminUsers,
  shifts,
  adminApplications,
  dealMoney,
  dashboard,
  settings,
  messages,
  paymentTemplates,
  transactions,
  transactionExports,
  ledger,
  reports,
  audit,
  blacklist,
  chain,
  security,
  live,
  telegram,
  verification,
  partners,
  siteContent,
} satisfies Record<string, Record<string, RouteDefinition>>;

export type RouteArea = keyof typeof routeAreas;

/** The areas' route objects merged into one type (each id is in one area: test/unit/manifest.test.ts). */
type UnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (whole: infer I) => void
  ? I
  : never;

/**
 * The route manifest (docs/architecture.md §2): every endpoint of the API, built from the area
 * modules of shared/routes/, so a route exists as soon as its area module exports it and nothing
 * else registers it. Read by the CDK API stacks (one Lambda and one HTTP API route per entry), by
 * the local server and by the OpenAPI generator. Handlers import their own entry from its area
 * module, so a bundle carries only its own route and schemas.
 */
export const routes = Object.assign({}, ...Object.values(routeAreas)) as UnionToIntersection<
  (typeof routeAreas)[RouteArea]
>;

export type RouteId = keyof typeof routes;

export const allRoutes = Object.entries(routes) as Array<[RouteId, RouteDefinition]>;

/** Answers every request no route matches (API Gateway's `$default` route; the local server's fallback). */
export const fallbackRoute = {
  handler: 'handlers/system/not-found',
  uses: {},
} as const;

/** Checks CloudFront's origin header before any route's function runs (API Gateway's authorizer; the local server runs it too). */
export const originAuthorizer = {
  handler: 'handlers/system/origin-authorizer',
  summary: 'Let through only requests that came through CloudFront (the origin header)',
  uses: { originSecret: true },
} as const satisfies AuthorizerDefinition;

/**
 * The live WebSocket API's routes (docs/architecture.md "Live push"): the live stack gives each a
 * function; the local stack serves them through `ws` on the site's port at `/live`.
 */
export const liveSocket = {
  connect: {
    handler: 'handlers/live/connect',
    summary: 'Admit a WebSocket connection with a single-use ticket, or refuse it (401)',
    uses: { table: 'readWrite' },
  },
  disconnect: {
    handler: 'handlers/live/disconnect',
    summary: 'Forget a closed WebSocket connection',
    uses: { table: 'readWrite' },
  },
  default: {
    handler: 'handlers/live/default',
    summary: "Answer the client's heartbeat (ping → pong); ignore other frames",
    uses: { table: 'readWrite', live: 'post' },
  },
} as const satisfies Record<'connect' | 'disconnect' | 'default', SocketRouteDefinition>;

/** Scheduled functions (EventBridge rules in AWS, timers in the local stack). */
export const jobs = {
  expireStale: {
    handler: 'jobs/expire-stale',
    schedule: 'rate(15 minutes)',
    summary: 'Expire PENDING applications older than applicationExpiryHours',
    uses: { table: 'readWrite' },
  },
  expireUnpaid: {
    handler: 'jobs/expire-unpaid',
    schedule: 'rate(1 minute)',
    summary: 'Expire WAITING_PAYMENT applications whose payment window ended with no "I have paid"',
    uses: { table: 'readWrite' },
  },
  redriveMail: {
    handler: 'jobs/redrive-mail',
    schedule: 'rate(5 minutes)',
    summary: 'Queue again the outbox mails SES failed or the sender dropped (last 24 hours)',
    uses: { table: 'readWrite' },
  },
  refreshRates: {
    handler: 'jobs/refresh-rates',
    schedule: 'rate(1 minute)',
    summary:
      "Fetch market prices for feed directions and hold positioned directions' places on BestChange; write only what changed",
    uses: { table: 'readWrite', rateProviders: true },
  },
  dailyReport: {
    handler: 'jobs/daily-report',
    schedule: 'rate(15 minutes)',
    summary:
      "Mail the ended business day's figures to the owner and post them to the staff group, once a day",
    uses: { table: 'readWrite' },
    // Locally hourly: a test stack lives minutes, and a mail it did not cause would change its counts.
    localPeriod: { variable: 'DAILY_REPORT_SECONDS', defaultSeconds: 3600 },
  },
  watchChain: {
    handler: 'jobs/watch-chain',
    schedule: 'rate(1 minute)',
    summary: "Read the USDT wallets' incoming transfers, match them to applications, confirm the final ones",
    uses: { table: 'readWrite', tron: true },
    localPeriod: { variable: 'TRON_POLL_SECONDS', defaultSeconds: 15 },
  },
  purgeVerificationPhotos: {
    handler: 'jobs/purge-verification-photos',
    schedule: 'rate(1 hour)',
    summary:
      'Delete the photos of verification requests decided more than verificationPhotoRetentionDays ago (the decisions stay)',
    uses: { table: 'readWrite', uploads: 'purgeVerification' },
  },
  publishSiteContent: {
    handler: 'jobs/publish-site-content',
    schedule: 'rate(5 minutes)',
    summary:
      "Write staff's page blocks into the prerendered pages again when the landing page does not carry their version (after a deploy)",
    uses: { table: 'readWrite', sitePages: true },
  },
} as const satisfies Record<string, JobDefinition>;

/**
 * Functions started by an event source (the outbox sender and live push's fan-out on the table's
 * stream, the SES feedback handler on EventBridge). The mail stack deploys the sender and the
 * feedback handler, the live stack the fan-out; the local stack runs the sender on a poll of the
 * unsent outbox and the fan-out on DynamoDB Local's stream (docs/decisions.md).
 */
export const workers = {
  sendMail: {
    handler: 'jobs/send-mail',
    summary: 'Send queued outbox mails through SES and Telegram messages through the Bot API (table stream)',
    source: { kind: 'outbox', batchSize: 10, retryAttempts: 3 },
    uses: { table: 'readWrite', mail: true, telegram: 'api' },
  },
  mailFeedback: {
    handler: 'jobs/mail-feedback',
    summary: 'Mark the addresses of SES bounces and complaints undeliverable',
    source: { kind: 'mailFeedback', retryAttempts: 2 },
    uses: { table: 'readWrite' },
  },
  liveFanOut: {
    handler: 'jobs/live-fan-out',
    summary:
      "Send live notices of changed applications, new messages and chain transfers to review to the owners' and staff's WebSocket connections (table stream)",
    source: { kind: 'liveChanges', batchSize: 100, maxBatchingWindowSeconds: 0, retryAttempts: 2 },
    uses: { table: 'readWrite', live: 'postAndClose' },
  },
  prepareExport: {
    handler: 'jobs/prepare-export',
    summary:
      "Write an export's file of the transaction history (every movement of its period, CSV or XLSX) into the uploads bucket and mark it ready",
    // A failed run marks its export failed itself; one Lambda could not catch (a timeout) is retried once.
    source: { kind: 'invoked', retryAttempts: 1, timeoutMinutes: 15 },
    uses: { table: 'readWrite', uploads: 'writeExports' },
  },
} as const satisfies Record<string, WorkerDefinition>;

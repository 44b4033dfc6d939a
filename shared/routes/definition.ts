import type * as contract from '@shared/contract';
import type { StaffRole } from '@shared/enums';
import type * as z from 'zod/mini';

/** Who may call a route: anyone, any logged-in user, or staff from the given role upwards. */
export type Access = 'public' | 'user' | StaffRole;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a function touches, so the API stack grants exactly that and nothing more. */
export interface ResourceUse {
  table?: 'read' | 'readWrite';
  /** Sends through SES (only the outbox sender: everything else queues mail in its transaction). */
  mail?: boolean;
  /** Issues access tokens although the route is public (login, verify-email, refresh). */
  tokens?: boolean;
  /** Reads or writes TOTP secrets, so gets the key that encrypts them at rest. */
  mfaKey?: boolean;
  /** Calls the market-data provider (its base URL in `MARKET_DATA_URL`). */
  marketData?: boolean;
  /** Calls the rates job's providers (base URLs in `RATES_CRYPTO_URL` and `RATES_FIAT_URL`). */
  rateProviders?: boolean;
  /**
   * Calls the TRON provider (TronGrid's HTTP API, functions/data/tron.ts): `TRON_API_URL`,
   * `TRON_USDT_CONTRACT`, and the API key's secret (`TRON_API_KEY_ARN`).
   */
  tron?: boolean;
  /**
   * Calls the AML provider (the change.pro AML Check API, functions/data/aml.ts): `AML_API_URL` and
   * the API key's secret (`AML_API_KEY_ARN`; "none": the check is off). Whatever calls the TRON
   * provider gets it too, since a USDT payment it matches is checked before it counts.
   */
  aml?: boolean;
  /** Checks CloudFront's origin header (the origin authorizer only), so reads the origin secret. */
  originSecret?: boolean;
  /**
   * The uploads bucket of the messages' attachments (docs/architecture.md §4): `upload` signs
   * presigned POSTs (s3:PutObject and s3:PutObjectTagging, which the POST's tag needs); `attach`
   * checks what arrived and keeps it (s3:GetObject, which HeadObject needs too, s3:PutObjectTagging,
   * s3:DeleteObject for a refused file) and answers read links; `read` signs read links (s3:GetObject).
   * The transaction exports' files (`exports/`): `writeExports` puts them (the export worker),
   * `readExports` signs their download links. `purgeVerification` deletes verification photos
   * (`sent/verification/*`: the retention job).
   */
  uploads?: 'upload' | 'attach' | 'read' | 'writeExports' | 'readExports' | 'purgeVerification';
  /**
   * Starts the export worker without waiting (Lambda's asynchronous invocation of the manifest's
   * `workers.prepareExport`, by its fixed name in `EXPORT_WORKER_FUNCTION`).
   */
  exportWorker?: true;
  /**
   * Live push's WebSocket API (docs/architecture.md "Live push"): `url` hands out its address
   * (`LIVE_URL`, the ticket route); `post` sends frames down its connections through the management
   * API (`LIVE_MANAGEMENT_URL`, execute-api:ManageConnections on POST of the stage's connections
   * only); `close` closes connections (DELETE, the changes that end a user's staff access or
   * session); `postAndClose` both (the fan-out, which closes connections no longer staff's).
   */
  live?: 'url' | 'post' | 'close' | 'postAndClose';
  /**
   * The Telegram bot (docs/architecture.md "The Telegram bot"), when the installation has one:
   * `username` gets its @username only (`TELEGRAM_BOT_USERNAME`: the bot is configured); `api` also
   * calls the Bot API (`TELEGRAM_API_URL`, the bot token's secret `TELEGRAM_BOT_TOKEN_ARN`) and checks
   * the webhook's secret (`TELEGRAM_WEBHOOK_SECRET_ARN`).
   */
  telegram?: 'username' | 'api';
  /**
   * Rewrites the site's prerendered pages with the blocks staff wrote (functions/data/site-pages.ts):
   * the site bucket's name in `SITE_BUCKET`, s3:GetObject and s3:PutObject on its pages (`*.html`)
   * and on the build's copies of them (`_templates/*`).
   */
  sitePages?: true;
}

/**
 * Whether a function signs or verifies access tokens and so gets the JWT signing key: every
 * authenticated route, and the public ones that issue tokens. Nothing else may read the key.
 */
export function needsJwtSecret(access: Access | undefined, uses: ResourceUse): boolean {
  return uses.tokens === true || (access !== undefined && access !== 'public');
}

export interface RouteDefinition {
  method: HttpMethod;
  /** API Gateway route path, `{name}` for path parameters. */
  path: `/api/${string}`;
  /** Handler module under `functions/`, without extension; it exports `handler`. */
  handler: string;
  access: Access;
  summary: string;
  tag: string;
  params?: z.ZodMiniType;
  /** Request headers the route reads, by lower-case name as API Gateway passes them; others are ignored. */
  headers?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /** A body larger than the usual MAX_REQUEST_BODY_BYTES this route takes (a page's text). */
  maxBodyBytes?: number;
  /**
   * The schema of the answer's `data`, by its name in `shared/contract`; absent when the answer
   * carries no data. A name, not the schema, so handler bundles hold only its type.
   */
  response?: ResponseSchemaName;
  uses: ResourceUse;
  /**
   * The successful answer is `data` itself, not wrapped in the envelope: the OpenAPI document, which
   * OpenAPI tools read as it is. Errors keep the envelope.
   */
  bare?: true;
  /**
   * The successful answer is a document of this type (the handler's `document`), not JSON: the rate
   * monitors' XML export, the transaction history's CSV. Errors keep the envelope.
   */
  produces?: 'application/xml' | 'text/csv';
  /**
   * The answer carries an ETag of its body and a request whose If-None-Match names it gets 304 with
   * no body (the order page's refresh every 15 s costs no transfer when nothing changed).
   */
  conditional?: true;
  /** Status of a successful answer when it is not 200 (a created resource: 201). */
  successStatus?: 201;
  /**
   * The function runs bcrypt: it gets the stage's `memoryMb.passwordHashing` (CPU grows with memory,
   * so more memory costs about the same per request; docs/decisions.md).
   */
  passwordHashing?: true;
  /**
   * The route hashes a password or sends a mail to any address: API Gateway limits it on its own
   * with the stage's `throttle.authRoute`, besides the stage's limit for all routes.
   */
  throttle?: 'auth';
  /**
   * How a new version of the route's function goes live. `canary`: CodeDeploy sends it 10 % of the
   * requests for 5 minutes and rolls back by itself if that version fails or answers 500 (the money
   * and auth routes); otherwise all at once (docs/operations.md "Deploying").
   */
  rollout?: 'canary';
}

/**
 * API Gateway's Lambda authorizer on every route: a request passes only with CloudFront's origin
 * header (docs/architecture.md §3).
 */
export interface AuthorizerDefinition {
  handler: string;
  summary: string;
  uses: ResourceUse;
}

export interface JobDefinition {
  handler: string;
  /** EventBridge schedule expression; the local stack runs the job on the same period. */
  schedule: `rate(${number} ${'minute' | 'minutes' | 'hour' | 'hours'})`;
  summary: string;
  uses: ResourceUse;
  /** Locally, another period than the schedule's: the variable giving it in seconds, and its default. */
  localPeriod?: { variable: string; defaultSeconds: number };
}

/**
 * A function started by an event source rather than a route or a schedule; the stacks and the
 * local stack wire each kind of source (docs/architecture.md §8, §9).
 */
export interface WorkerDefinition {
  handler: string;
  summary: string;
  uses: ResourceUse;
  source:
    | {
        /** The table's stream, filtered to outbox items whose new image is `queued`. */
        kind: 'outbox';
        batchSize: number;
        /** Retries of a failed record before its batch goes to the on-failure queue. */
        retryAttempts: number;
      }
    | {
        /** SES bounce and complaint events of the configuration set, from EventBridge. */
        kind: 'mailFeedback';
        retryAttempts: number;
      }
    | {
        /**
         * The table's stream, filtered to what live push tells screens about (applications,
         * messages, chain transfers entering review; functions/data/live.ts `LIVE_STREAM_SOURCES`).
         */
        kind: 'liveChanges';
        batchSize: number;
        /** The longest a batch waits to fill, in seconds (0: invoked as soon as records arrive). */
        maxBatchingWindowSeconds: number;
        retryAttempts: number;
      }
    | {
        /**
         * Invoked asynchronously by a route (`uses.exportWorker`); a run that fails is retried
         * this many times, then recorded in its dead-letter queue.
         */
        kind: 'invoked';
        retryAttempts: number;
        /** The longest run, in minutes (up to Lambda's 15). */
        timeoutMinutes: number;
      };
}

/** A route of the WebSocket API (`$connect`, `$disconnect`, `$default`) and its function. */
export interface SocketRouteDefinition {
  handler: string;
  summary: string;
  uses: ResourceUse;
}

/** Inferred request parts of a route, for typed handlers. */
export type InferPart<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

type Contract = typeof contract;

/** The names of the zod schemas the contract exports. */
export type ResponseSchemaName = {
  [K in keyof Contract]: Contract[K] extends z.ZodMiniType ? K : never;
}[keyof Contract];

/** What a route's handler must answer as `data`: what its response schema accepts, or nothing. */
export type ResponseData<R extends RouteDefinition> = R['response'] extends ResponseSchemaName
  ? z.input<Contract[R['response']]>
  : undefined;

/** What a caller receives as a route's `data` (its JSON): the response schema's output, or nothing. */
export type ReplyData<R extends RouteDefinition> = R['response'] extends ResponseSchemaName
  ? z.output<Contract[R['response']]>
  : undefined;

/** A request part a caller sends: the schema's input, or nothing for a route without that part. */
type SentPart<S> = S extends z.ZodMiniType ? z.input<S> : never;

/**
 * What a caller gives to call a route (the web's `call`, the tests' `call`): path parameters,
 * query and body, each typed by the route's own schemas and required exactly when the route has
 * that part (a query is optional: its fields are).
 */
export type RouteCall<R extends RouteDefinition> = ([R['params']] extends [z.ZodMiniType]
  ? { params: SentPart<R['params']> }
  : { params?: never }) &
  ([R['query']] extends [z.ZodMiniType] ? { query?: SentPart<R['query']> } : { query?: never }) &
  ([R['body']] extends [z.ZodMiniType] ? { body: SentPart<R['body']> } : { body?: never });

/**
 * The route's path with its `{name}` parameters filled in (each URI-encoded), e.g.
 * `/api/admin/applications/{id}` → `/api/admin/applications/a%2Fb`.
 */
export function routePath(
  route: Pick<RouteDefinition, 'path'>,
  params: Record<string, unknown> = {},
): string {
  return route.path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined || value === null)
      throw new Error(`${route.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A query's fields as URL parameters: empty, null and undefined fields are left out. */
export function routeQuery(query: Record<string, unknown> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

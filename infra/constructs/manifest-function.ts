import { PROVIDER_URL_VARIABLES, type ProviderUrls } from '@functions/domain/rates/providers';
import { type Access, needsJwtSecret, type ResourceUse } from '@shared/routes/definition';
import { ArnFormat, type Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Grant } from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IConfigurationSet, IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { LIVE_ALIAS } from '../physical-names';
import type { StageSettings } from '../stacks/stages';
import { ApiFunction } from './api-function';

/** What manifest functions may be bound to; each function gets only what its entry needs. */
export interface ManifestResources {
  readonly siteUrl: string;
  readonly jwtSecret?: ISecret;
  /** The key that seals TOTP secrets at rest. */
  readonly mfaKey?: ISecret;
  /** The value CloudFront sends in the origin header (the origin authorizer reads it). */
  readonly originSecret?: ISecret;
  /** Removal policy, log level and retention, default memory. */
  readonly stage: StageSettings;
  readonly table?: ITable;
  /** The sender identity and the configuration set every send uses (its events report bounces). */
  readonly mail?: {
    readonly identity: IEmailIdentity;
    readonly from: string;
    readonly configurationSet: IConfigurationSet;
  };
  /** Base URL of the market-data provider, for the ticker. */
  readonly marketDataUrl?: string;
  /** The TRON provider (TronGrid's HTTP API): base URL, USDT contract and the API key's secret. */
  readonly tron?: { readonly url: string; readonly usdtContract: string; readonly apiKey: ISecret };
  /** The AML provider (the change.pro AML Check API): base URL and the API key's secret. */
  readonly aml?: { readonly url: string; readonly apiKey: ISecret };
  /**
   * The Telegram bot (infra/stacks/api-stack.ts): its @username, the Bot API's URL and the secrets
   * of its token and of the webhook's secret; `false` when the installation has no bot, and its
   * functions then get nothing (they answer that no bot is configured).
   */
  readonly telegram?: TelegramResources | false;
  /** Base URLs of the rates job's providers. */
  readonly rateProviders?: Readonly<ProviderUrls>;
  /**
   * The uploads bucket of the messages' attachments (infra/uploads-bucket.ts), by name, and the ARN
   * of a prefix's objects as cdk-nag prints it (the acknowledgment of the prefix wildcard names it).
   */
  readonly uploads?: { readonly bucketName: string; readonly nagObjects: (prefix: string) => string };
  /** The site bucket, for the functions that publish staff's page blocks (infra/site-bucket.ts). */
  readonly sitePages?: { readonly bucketName: string; readonly nagObjects: (pattern: string) => string };
  /** The export worker's fixed function name (physical-names.ts), for the route that starts it. */
  readonly exportWorkerName?: string;
  /**
   * Live push's WebSocket API (infra/stacks/live-stack.ts): the `wss://` URL clients connect to, and
   * for the functions that send frames or close connections, the management API's endpoint and the
   * ARN of the stage (execute-api:ManageConnections is granted on `{stage}/{POST|DELETE}/@connections/*`
   * only), with that ARN as cdk-nag prints it.
   */
  readonly live?: {
    readonly url?: string;
    readonly management?: LiveManagement;
  };
}

/** The live stage's management API, as the functions that send frames or close connections get it. */
export interface LiveManagement {
  readonly endpoint: string;
  /** `arn:…:execute-api:{region}:{account}:{api}/{stage}`; the grant appends `/{method}/@connections/*`. */
  readonly stageArn: string;
  readonly nagStage: string;
}

/** Which management calls each `uses.live` value makes: PostToConnection (POST), DeleteConnection (DELETE). */
const LIVE_MANAGEMENT_METHODS = {
  post: ['POST'],
  close: ['DELETE'],
  postAndClose: ['POST', 'DELETE'],
} as const;

export interface TelegramResources {
  readonly username: string;
  readonly apiUrl: string;
  readonly botToken: ISecret;
  readonly webhookSecret: ISecret;
}

export interface ManifestFunctionSpec {
  /** Handler module under `functions/`. */
  readonly handler: string;
  /** A route's access level; jobs and the fallback have none. */
  readonly access?: Access;
  readonly uses: ResourceUse;
  readonly description?: string;
  /** A fixed name (ApiFunction's `functionName`). */
  readonly functionName?: string;
  readonly timeout?: Duration;
  /** Instead of the stage's default memory. */
  readonly memorySize?: number;
  /** Runs at once, at most (ApiFunction's `reservedConcurrency`). */
  readonly reservedConcurrency?: number;
}

/** One `ApiFunction` for a manifest entry (route, fallback or job), bound to what it uses. */
export function manifestFunction(
  scope: Construct,
  id: string,
  spec: ManifestFunctionSpec,
  resources: ManifestResources,
): ApiFunction {
  const jwt = needsJwtSecret(spec.access, spec.uses);
  if (jwt && !resources.jwtSecret)
    throw new Error(`${spec.handler} handles tokens, but no JWT secret was provided`);
  if (spec.uses.telegram && resources.telegram === undefined)
    throw new Error(
      `${spec.handler} uses the Telegram bot, but no bot setting was provided (false for none)`,
    );
  const telegram = spec.uses.telegram ? resources.telegram || undefined : undefined;
  const callsBotApi = telegram !== undefined && spec.uses.telegram === 'api';
  // A USDT payment the TRON provider shows is AML-checked where it is matched (docs/architecture.md §8).
  const callsAml = spec.uses.aml === true || spec.uses.tron === true;
  const fn = new ApiFunction(scope, id, {
    handlerModule: spec.handler,
    functionName: spec.functionName,
    description: spec.description ?? spec.handler,
    siteUrl: resources.siteUrl,
    readsSecrets:
      jwt ||
      spec.uses.mfaKey === true ||
      spec.uses.originSecret === true ||
      spec.uses.tron === true ||
      callsAml ||
      callsBotApi,
    removalPolicy: resources.stage.removalPolicy,
    logRetention: resources.stage.logRetention,
    logLevel: resources.stage.logLevel,
    memorySize: spec.memorySize ?? resources.stage.memoryMb.default,
    timeout: spec.timeout,
    reservedConcurrency: spec.reservedConcurrency,
  });
  if (jwt) fn.bindSecret('JWT_SECRET_ARN', resources.jwtSecret!);
  if (spec.uses.table) {
    if (!resources.table) throw new Error(`${spec.handler} uses the table, but no table was provided`);
    fn.bindTable(resources.table, spec.uses.table);
  }
  if (spec.uses.mfaKey) {
    if (!resources.mfaKey) throw new Error(`${spec.handler} seals TOTP secrets, but no key was provided`);
    fn.bindSecret('MFA_KEY_ARN', resources.mfaKey);
  }
  if (spec.uses.originSecret) {
    if (!resources.originSecret)
      throw new Error(`${spec.handler} checks the origin header, but no origin secret was provided`);
    fn.bindSecret('ORIGIN_SECRET_ARN', resources.originSecret);
  }
  if (spec.uses.mail) {
    if (!resources.mail) throw new Error(`${spec.handler} sends mail, but no mail identity was provided`);
    fn.bindMail(resources.mail.identity, resources.mail.from, resources.mail.configurationSet);
  }
  if (spec.uses.marketData) {
    if (!resources.marketDataUrl)
      throw new Error(`${spec.handler} calls the market-data provider, but no URL was provided`);
    fn.addEnvironment('MARKET_DATA_URL', resources.marketDataUrl);
  }
  if (spec.uses.tron) {
    if (!resources.tron) throw new Error(`${spec.handler} calls the TRON provider, but none was provided`);
    fn.addEnvironment('TRON_API_URL', resources.tron.url);
    fn.addEnvironment('TRON_USDT_CONTRACT', resources.tron.usdtContract);
    fn.bindSecret('TRON_API_KEY_ARN', resources.tron.apiKey);
  }
  if (callsAml) {
    if (!resources.aml) throw new Error(`${spec.handler} calls the AML provider, but none was provided`);
    fn.addEnvironment('AML_API_URL', resources.aml.url);
    fn.bindSecret('AML_API_KEY_ARN', resources.aml.apiKey);
  }
  if (telegram) {
    fn.addEnvironment('TELEGRAM_BOT_USERNAME', telegram.username);
    if (callsBotApi) {
      fn.addEnvironment('TELEGRAM_API_URL', telegram.apiUrl);
      fn.bindSecret('TELEGRAM_BOT_TOKEN_ARN', telegram.botToken);
      fn.bindSecret('TELEGRAM_WEBHOOK_SECRET_ARN', telegram.webhookSecret);
    }
  }
  if (spec.uses.rateProviders) {
    if (!resources.rateProviders)
      throw new Error(`${spec.handler} calls the rate providers, but no URLs were provided`);
    for (const [key, variable] of Object.entries(PROVIDER_URL_VARIABLES))
      fn.addEnvironment(variable, resources.rateProviders[key as keyof ProviderUrls]);
  }
  if (spec.uses.uploads) {
    if (!resources.uploads)
      throw new Error(`${spec.handler} uses the uploads bucket, but no bucket was provided`);
    fn.bindUploads(resources.uploads.bucketName, spec.uses.uploads, resources.uploads.nagObjects);
  }
  if (spec.uses.sitePages) {
    if (!resources.sitePages)
      throw new Error(`${spec.handler} rewrites the site's pages, but no site bucket was provided`);
    fn.bindSitePages(resources.sitePages.bucketName, resources.sitePages.nagObjects);
  }
  if (spec.uses.exportWorker) {
    if (!resources.exportWorkerName)
      throw new Error(`${spec.handler} starts the export worker, but no worker name was provided`);
    // Its live alias, as every trigger of a manifest function invokes it.
    const qualified = `${resources.exportWorkerName}:${LIVE_ALIAS}`;
    fn.addEnvironment('EXPORT_WORKER_FUNCTION', qualified);
    Grant.addToPrincipal({
      grantee: fn,
      actions: ['lambda:InvokeFunction'],
      resourceArns: [
        Stack.of(fn).formatArn({
          service: 'lambda',
          resource: 'function',
          resourceName: qualified,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
    });
  }
  if (spec.uses.live === 'url') {
    if (!resources.live?.url)
      throw new Error(`${spec.handler} hands out the live URL, but none was provided`);
    fn.addEnvironment('LIVE_URL', resources.live.url);
  }
  if (spec.uses.live && spec.uses.live !== 'url') {
    const management = resources.live?.management;
    if (!management)
      throw new Error(`${spec.handler} uses live connections, but no management endpoint was provided`);
    fn.addEnvironment('LIVE_MANAGEMENT_URL', management.endpoint);
    const methods = LIVE_MANAGEMENT_METHODS[spec.uses.live];
    Grant.addToPrincipal({
      grantee: fn,
      actions: ['execute-api:ManageConnections'],
      resourceArns: methods.map((method) => `${management.stageArn}/${method}/@connections/*`),
    });
    for (const method of methods)
      Validations.of(fn.role!).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${management.nagStage}/${method}/@connections/*]`,
        reason:
          `ManageConnections on the live stage's connections only (${method} @connections/{id}): a ` +
          'connection id is known only at run time, so no narrower ARN exists.',
      });
  }
  return fn;
}

/** `handlers/system/not-found` → `SystemNotFound`, a readable construct id. */
export function constructIdFor(name: string): string {
  return name
    .replace(/^handlers\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

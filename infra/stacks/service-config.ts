import { DEFAULT_AML_API_URL } from '@functions/data/aml';
import { TELEGRAM_DEFAULT_API_URL } from '@functions/data/telegram-bot-api';
import { MAINNET_USDT_CONTRACT } from '@functions/data/tron';
import type { ProviderUrls } from '@functions/domain/rates/providers';
import type { Environment } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { isStageName, STAGES, type StageContextKey, type StageName, type StageSettings } from './stages';

/** Deployment settings, read from CDK context (`cdk.json`, or `-c key=value` on the command line). */
export interface ServiceConfig {
  /** A stage of `STAGES` (infra/stacks/stages.ts); its values are `settings`. */
  readonly stage: StageName;
  /** The stage's settings, with the region it is deployed to (`-c region`, below). */
  readonly settings: StageSettings;
  /** Account and region every stack of the stage is pinned to (the account only where given). */
  readonly env: Environment;
  /**
   * Whether the stage is deployed to its backup region (`-c region=<backup.copyRegion>`), after the
   * loss of its own (docs/operations.md "Disaster recovery: losing the stage's region"): it then
   * serves the table `npm run dr:restore` restored there from the copies, which the data stack
   * neither creates nor names, and has no second region to copy backups or replicate secrets to.
   */
  readonly inCopyRegion: boolean;
  /** Public origin of the site, the functions' `SITE_URL` (see docs/decisions.md). */
  readonly siteUrl: string;
  /** Sender address; its domain becomes the SES identity. */
  readonly mailFrom: string;
  /** The first SUPER_ADMIN, created at deploy time and mailed a link to set a password. */
  readonly adminEmail?: string;
  /** Where alarms are mailed (an SNS email subscription to confirm). */
  readonly alarmEmail?: string;
  /**
   * SES's sending quota, mails per 24 hours (`-c sesSendingQuota=`, the account's `Max24HourSend`,
   * `aws sesv2 get-account`): the quota alarm's base. Without it, 200, the sandbox's quota every
   * account starts with, so an account given more and not told fires the alarm early, not never.
   */
  readonly sesSendingQuota?: number;
  /** Custom domain for CloudFront; needs `certificateArn` (an ACM certificate in us-east-1). */
  readonly siteDomain?: string;
  readonly certificateArn?: string;
  /**
   * An ACM certificate for `siteDomain` in the stage's region: the API gets a regional custom domain
   * of the same name, reached only through CloudFront, and its execute-api endpoint is switched off
   * (docs/decisions.md). Without it (dev) the execute-api endpoint stays, guarded by the origin
   * authorizer.
   */
  readonly apiCertificateArn?: string;
  /**
   * The origin secret's version CloudFront sends (`-c originSecretVersion=<VersionId>` after a
   * rotation, docs/operations.md); without it, the version current when the reference last changed.
   */
  readonly originSecretVersion?: string;
  /**
   * How the canary routes' new versions go live (infra/constructs/canary.ts): `canary` (10 % for 5
   * minutes), or `all-at-once` with `-c rollout=all-at-once`, for the deploy after a table switch
   * (docs/operations.md). Either way the pre-traffic check runs first.
   */
  readonly rollout?: 'canary' | 'all-at-once';
  /** Whether the WAF's managed rule groups only count (a new install's first days) or block. */
  readonly wafManagedRules: 'count' | 'block';
  /** Base URL of the market-data provider behind `GET /api/market/ticker` (the landing ticker). */
  readonly marketDataUrl: string;
  /** The TRON provider (TronGrid's HTTP API; `-c tronApiUrl=https://nile.trongrid.io` for the Nile testnet) and the USDT contract. */
  readonly tronApiUrl: string;
  readonly tronUsdtContract: string;
  /** The AML provider (the change.pro AML Check API; `-c amlApiUrl=…`, https); its key is a secret (docs/operations.md). */
  readonly amlApiUrl: string;
  /**
   * The Telegram bot's @username without the @ (`-c telegramBotUsername=…`); absent: no bot (no
   * secrets, no variables; the routes stay and answer that none is configured). docs/operations.md
   * "The Telegram bot".
   */
  readonly telegramBotUsername?: string;
  /** The Bot API's base URL (`-c telegramApiUrl=…`, https; Telegram's own by default). */
  readonly telegramApiUrl: string;
  /**
   * Base URLs of the rates job's providers (README, "Rates that follow the market"): context
   * `ratesCryptoUrl`, `ratesFiatUrl`, `ratesUsdtMarketUrl`, `ratesCentralBankUrl`, https.
   */
  readonly rateProviders: ProviderUrls;
  /** Built web app to upload; omitted when it has not been built yet. */
  readonly webAssetsPath?: string;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
/** A Telegram @username without the @ (Telegram: 5–32 characters of a–z, 0–9 and underscores). */
const TELEGRAM_BOT_USERNAME = /^[A-Za-z0-9_]{5,32}$/;

const DAY_MS = 86_400_000;

/** Mails SES sends in 24 hours from an account in its sandbox. */
export const SES_SANDBOX_QUOTA = 200;

/**
 * Counting while the stage's `countDays` after `launchedOn` have not passed (at synth time), and
 * while no launch date was given: a new install starts gently (docs/operations.md, launch checklist).
 */
function wafManagedRules(settings: StageSettings, launchedOn: string | undefined, now: number) {
  if (settings.waf.countDays === 0) return 'block';
  if (launchedOn === undefined) return 'count';
  const launched = Date.parse(`${launchedOn}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(launchedOn) || Number.isNaN(launched))
    throw new Error(`Context "launchedOn" must be a date YYYY-MM-DD: ${launchedOn}`);
  return now < launched + settings.waf.countDays * DAY_MS ? 'count' : 'block';
}

export function readServiceConfig(
  scope: Construct,
  webAssetsPath?: string,
  now: number = Date.now(),
): ServiceConfig {
  const context = (key: string): string | undefined => {
    const value: unknown = scope.node.tryGetContext(key);
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string`);
    return value;
  };
  const stage = context('stage') ?? 'dev';
  if (!isStageName(stage))
    throw new Error(
      `Unknown stage "${stage}": one of ${Object.keys(STAGES).join(', ')} (infra/stacks/stages.ts)`,
    );
  const home = STAGES[stage];
  // Only the stage's own region or its backup region: anywhere else the stage has no copies of its
  // table to serve, and a typo would deploy an empty second installation.
  const regions: string[] = [home.region, ...(home.backup ? [home.backup.copyRegion] : [])];
  const region = context('region') ?? home.region;
  if (!regions.includes(region))
    throw new Error(
      `Context "region" must be ${regions.join(' or ')} for stage "${stage}" (its region${home.backup ? ', or its backup region after the loss of its own' : ''}): ${region}`,
    );
  const settings: StageSettings = { ...home, region };
  const text = (key: StageContextKey): string | undefined => context(key) ?? settings.defaults[key];

  const missing = settings.required.filter((key) => !text(key));
  if (missing.length > 0)
    throw new Error(
      `Stage "${stage}" needs ${missing.map((key) => `-c ${key}=…`).join(' ')} (no defaults in ${stage})`,
    );
  const siteUrl = text('siteUrl');
  if (!siteUrl) throw new Error(`Missing CDK context "siteUrl" (set it with -c siteUrl=https://…)`);
  if (!/^https:\/\/[^/]+$/.test(siteUrl))
    throw new Error(`Context "siteUrl" must be an https origin: ${siteUrl}`);
  const mailFrom = text('mailFrom');
  if (!mailFrom) throw new Error(`Missing CDK context "mailFrom" (set it with -c mailFrom=…)`);
  const adminEmail = text('adminEmail');
  const alarmEmail = text('alarmEmail');
  for (const [key, value] of Object.entries({ mailFrom, adminEmail, alarmEmail }))
    if (value !== undefined && !EMAIL.test(value))
      throw new Error(`Context "${key}" is no address: ${value}`);
  const sesSendingQuota = Number(context('sesSendingQuota') ?? SES_SANDBOX_QUOTA);
  if (!Number.isInteger(sesSendingQuota) || sesSendingQuota <= 0)
    throw new Error(
      `Context "sesSendingQuota" must be a whole number of mails: ${context('sesSendingQuota')}`,
    );
  const account = text('account');
  if (account !== undefined && !/^\d{12}$/.test(account))
    throw new Error(`Context "account" must be a 12-digit AWS account id: ${account}`);
  const siteDomain = text('siteDomain');
  const certificateArn = text('certificateArn');
  if (siteDomain && !certificateArn)
    throw new Error('Context "siteDomain" needs "certificateArn" (ACM, us-east-1)');
  const apiCertificateArn = text('apiCertificateArn');
  if (apiCertificateArn && !siteDomain)
    throw new Error('Context "apiCertificateArn" needs "siteDomain": the API takes the site\'s name');
  if (apiCertificateArn && !apiCertificateArn.startsWith(`arn:aws:acm:${settings.region}:`))
    throw new Error(`Context "apiCertificateArn" must be an ACM certificate in ${settings.region}`);
  const marketDataUrl = context('marketDataUrl') ?? 'https://api.coingecko.com/api/v3';
  if (!/^https:\/\//.test(marketDataUrl))
    throw new Error(`Context "marketDataUrl" must be https: ${marketDataUrl}`);
  const httpsUrl = (key: string, fallback: string) => {
    const value = context(key) ?? fallback;
    if (!/^https:\/\//.test(value)) throw new Error(`Context "${key}" must be https: ${value}`);
    return value;
  };
  const rollout = context('rollout') ?? 'canary';
  if (rollout !== 'canary' && rollout !== 'all-at-once')
    throw new Error(`Context "rollout" must be canary or all-at-once: ${rollout}`);
  const telegramBotUsername = context('telegramBotUsername')?.trim().replace(/^@/, '');
  if (telegramBotUsername !== undefined && !TELEGRAM_BOT_USERNAME.test(telegramBotUsername))
    throw new Error(
      `Context "telegramBotUsername" must be a bot's @username (5 to 32 letters, digits or _): ${telegramBotUsername}`,
    );
  return {
    stage,
    settings,
    env: { account, region: settings.region },
    inCopyRegion: region !== home.region,
    siteUrl,
    mailFrom,
    adminEmail,
    alarmEmail,
    sesSendingQuota,
    siteDomain,
    certificateArn,
    apiCertificateArn,
    originSecretVersion: context('originSecretVersion'),
    rollout,
    wafManagedRules: wafManagedRules(settings, context('launchedOn'), now),
    marketDataUrl,
    tronApiUrl: httpsUrl('tronApiUrl', 'https://api.trongrid.io'),
    tronUsdtContract: context('tronUsdtContract') ?? MAINNET_USDT_CONTRACT,
    amlApiUrl: httpsUrl('amlApiUrl', DEFAULT_AML_API_URL),
    telegramBotUsername,
    telegramApiUrl: httpsUrl('telegramApiUrl', TELEGRAM_DEFAULT_API_URL),
    rateProviders: {
      cryptoUrl: httpsUrl('ratesCryptoUrl', 'https://api.kraken.com'),
      fiatUrl: httpsUrl('ratesFiatUrl', 'https://open.er-api.com/v6'),
      usdtMarketUrl: httpsUrl('ratesUsdtMarketUrl', 'https://api.exmo.com/v1.1'),
      centralBankUrl: httpsUrl('ratesCentralBankUrl', 'https://www.cbr.ru'),
      bestChangeArchiveUrl: httpsUrl('bestChangeArchiveUrl', 'https://api.bestchange.ru/info.zip'),
    },
    webAssetsPath,
  };
}

/** `example.com` from `no-reply@example.com`. */
export function mailDomain(mailFrom: string): string {
  return mailFrom.slice(mailFrom.lastIndexOf('@') + 1);
}

import type { Environment } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { isStageName, STAGES, type StageContextKey, type StageName, type StageSettings } from './stages';

/** Deployment settings, read from CDK context (`cdk.json`, or `-c key=value` on the command line). */
export interface ServiceConfig {
  /** A stage of `STAGES` (infra/stacks/stages.ts); its values are `settings`. */
  readonly stage: StageName;
  readonly settings: StageSettings;
  /** Account and region every stack of the stage is pinned to (the account only where given). */
  readonly env: Environment;
  /** Public origin of the site, the functions' `SITE_URL` (see docs/decisions.md). */
  readonly siteUrl: string;
  /** Sender address; its domain becomes the SES identity. */
  readonly mailFrom: string;
  /** The first SUPER_ADMIN, created at deploy time and mailed a link to set a password. */
  readonly adminEmail?: string;
  /** Where alarms are mailed (an SNS email subscription to confirm). */
  readonly alarmEmail?: string;
  /** Custom domain for CloudFront; needs `certificateArn` (an ACM certificate in us-east-1). */
  readonly siteDomain?: string;
  readonly certificateArn?: string;
  /** Base URL of the market-data provider behind `GET /api/market/ticker` (the landing ticker). */
  readonly marketDataUrl: string;
  /** Built web app to upload; omitted when it has not been built yet. */
  readonly webAssetsPath?: string;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function readServiceConfig(scope: Construct, webAssetsPath?: string): ServiceConfig {
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
  const settings: StageSettings = STAGES[stage];
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
  const alarmEmail = context('alarmEmail');
  for (const [key, value] of Object.entries({ mailFrom, adminEmail, alarmEmail }))
    if (value !== undefined && !EMAIL.test(value))
      throw new Error(`Context "${key}" is no address: ${value}`);
  const account = text('account');
  if (account !== undefined && !/^\d{12}$/.test(account))
    throw new Error(`Context "account" must be a 12-digit AWS account id: ${account}`);
  const siteDomain = context('siteDomain');
  const certificateArn = context('certificateArn');
  if (siteDomain && !certificateArn)
    throw new Error('Context "siteDomain" needs "certificateArn" (ACM, us-east-1)');
  const marketDataUrl = context('marketDataUrl') ?? 'https://api.coingecko.com/api/v3';
  if (!/^https:\/\//.test(marketDataUrl))
    throw new Error(`Context "marketDataUrl" must be https: ${marketDataUrl}`);
  return {
    stage,
    settings,
    env: { account, region: settings.region },
    siteUrl,
    mailFrom,
    adminEmail,
    alarmEmail,
    siteDomain,
    certificateArn,
    marketDataUrl,
    webAssetsPath,
  };
}

/** `example.com` from `no-reply@example.com`. */
export function mailDomain(mailFrom: string): string {
  return mailFrom.slice(mailFrom.lastIndexOf('@') + 1);
}

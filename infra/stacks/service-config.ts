import { RemovalPolicy } from 'aws-cdk-lib';
import type { Construct } from 'constructs';

/** Deployment settings, read from CDK context (`cdk.json`, or `-c key=value` on the command line). */
export interface ServiceConfig {
  /** `prod` keeps data on stack deletion; any other stage is disposable. */
  readonly stage: string;
  /** Public origin of the site, the functions' `SITE_URL` (see docs/decisions.md). */
  readonly siteUrl: string;
  /** Sender address; its domain becomes the SES identity. */
  readonly mailFrom: string;
  /** Custom domain for CloudFront; needs `certificateArn` (an ACM certificate in us-east-1). */
  readonly siteDomain?: string;
  readonly certificateArn?: string;
  /** Base URL of the market-data provider behind `GET /api/market/ticker` (the landing ticker). */
  readonly marketDataUrl: string;
  /** Base URLs of the rates job's crypto ticker and fiat reference feed (README, "Rates that follow the market"). */
  readonly ratesCryptoUrl: string;
  readonly ratesFiatUrl: string;
  /** Built web app to upload; omitted when it has not been built yet. */
  readonly webAssetsPath?: string;
}

export function readServiceConfig(scope: Construct, webAssetsPath?: string): ServiceConfig {
  const text = (key: string): string | undefined => {
    const value: unknown = scope.node.tryGetContext(key);
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string`);
    return value;
  };
  const required = (key: string): string => {
    const value = text(key);
    if (!value) throw new Error(`Missing CDK context "${key}" (set it in cdk.json or with -c ${key}=...)`);
    return value;
  };
  const siteUrl = required('siteUrl');
  if (!/^https:\/\/[^/]+$/.test(siteUrl))
    throw new Error(`Context "siteUrl" must be an https origin: ${siteUrl}`);
  const mailFrom = required('mailFrom');
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(mailFrom))
    throw new Error(`Context "mailFrom" is no address: ${mailFrom}`);
  const siteDomain = text('siteDomain');
  const certificateArn = text('certificateArn');
  if (siteDomain && !certificateArn)
    throw new Error('Context "siteDomain" needs "certificateArn" (ACM, us-east-1)');
  const marketDataUrl = text('marketDataUrl') ?? 'https://api.coingecko.com/api/v3';
  if (!/^https:\/\//.test(marketDataUrl))
    throw new Error(`Context "marketDataUrl" must be https: ${marketDataUrl}`);
  const httpsUrl = (key: string, fallback: string) => {
    const value = text(key) ?? fallback;
    if (!/^https:\/\//.test(value)) throw new Error(`Context "${key}" must be https: ${value}`);
    return value;
  };
  return {
    stage: required('stage'),
    siteUrl,
    mailFrom,
    siteDomain,
    certificateArn,
    marketDataUrl,
    ratesCryptoUrl: httpsUrl('ratesCryptoUrl', 'https://api.kraken.com'),
    ratesFiatUrl: httpsUrl('ratesFiatUrl', 'https://open.er-api.com/v6'),
    webAssetsPath,
  };
}

export function isProduction(config: Pick<ServiceConfig, 'stage'>): boolean {
  return config.stage === 'prod';
}

/** Stateful resources survive stack deletion in prod and are cleaned up everywhere else. */
export function removalPolicyFor(config: Pick<ServiceConfig, 'stage'>): RemovalPolicy {
  return isProduction(config) ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
}

/** `example.com` from `no-reply@example.com`. */
export function mailDomain(mailFrom: string): string {
  return mailFrom.slice(mailFrom.lastIndexOf('@') + 1);
}

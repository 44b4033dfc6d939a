/**
 * The AWS list prices the bench's cost lines use: one table, in US dollars, for the stages'
 * region (infra/stacks/stages.ts) unless a row says otherwise, without free tiers and at the
 * first volume tier. Entered on `PRICES_AS_OF` from the pricing pages named in each row; they are
 * not fetched when the bench runs (it makes no network call), so check them against the pages
 * before relying on a figure, and change them here only.
 */
export const PRICES_REGION = 'eu-central-1';
export const PRICES_AS_OF = '2026-11-24';

export interface Price {
  /** US dollars for `per` of what `unit` names. */
  readonly usd: number;
  readonly per: number;
  readonly unit: string;
  readonly region: string;
  readonly source: string;
  /**
   * Set when the figure could not be read for this region on the page: an estimate, and its basis.
   * (The rows without it were entered from the page for the region they name.)
   */
  readonly estimate?: string;
  /** The day the figure was entered. */
  readonly entered: string;
}

const price = (
  usd: number,
  per: number,
  unit: string,
  source: string,
  region = PRICES_REGION,
  estimate?: string,
): Price => ({ usd, per, unit, region, source, entered: PRICES_AS_OF, ...(estimate ? { estimate } : {}) });

/** The rows of the whole-life bill (test/bench/bill.ts) were entered on this day. */
const BILL_ROWS_AS_OF = '2026-11-28';
const billPrice = (...args: Parameters<typeof price>): Price => ({
  ...price(...args),
  entered: BILL_ROWS_AS_OF,
});
/** Frankfurt's DynamoDB rows where only US East's could be read: its write units cost 1.22 times US East's. */
const DYNAMO_RATIO =
  "times 1.22, the ratio of the write request units above to US East's $0.625; eu-central-1 not found";

export const PRICES = {
  dynamoWriteRequestUnits: price(
    0.7625,
    1e6,
    'DynamoDB on-demand write request units (Standard table class)',
    'https://aws.amazon.com/dynamodb/pricing/on-demand/',
  ),
  dynamoReadRequestUnits: price(
    0.1525,
    1e6,
    'DynamoDB on-demand read request units (Standard table class)',
    'https://aws.amazon.com/dynamodb/pricing/on-demand/',
  ),
  lambdaArmGbSeconds: price(
    0.0000133334,
    1,
    'Lambda duration, arm64, per GB-second (first 7.5 billion a month)',
    'https://aws.amazon.com/lambda/pricing/',
  ),
  lambdaRequests: price(0.2, 1e6, 'Lambda requests', 'https://aws.amazon.com/lambda/pricing/'),
  httpApiRequests: price(
    1.2,
    1e6,
    'API Gateway HTTP API requests (first 300 million a month, up to 512 KB each)',
    'https://aws.amazon.com/api-gateway/pricing/',
  ),
  sesMails: price(0.1, 1000, 'SES outbound mails', 'https://aws.amazon.com/ses/pricing/'),
  logsIngestedGb: price(
    0.63,
    1,
    'CloudWatch Logs ingestion, Standard class, per GB (each event counts 26 bytes more)',
    'https://aws.amazon.com/cloudwatch/pricing/',
  ),
  vendedLogsGb: price(
    0.5,
    1,
    'CloudWatch vended logs (WAF logs) delivered to CloudWatch Logs, per GB',
    'https://aws.amazon.com/cloudwatch/pricing/',
    'us-east-1',
  ),
  cloudFrontHttpsRequests: price(
    0.012,
    10_000,
    'CloudFront HTTPS requests, Europe',
    'https://aws.amazon.com/cloudfront/pricing/',
    'Europe edge locations',
  ),
  cloudFrontTransferOutGb: price(
    0.085,
    1,
    'CloudFront data transfer out to the internet, Europe, per GB (first 10 TB a month)',
    'https://aws.amazon.com/cloudfront/pricing/',
    'Europe edge locations',
  ),
  wafRequests: price(0.6, 1e6, 'AWS WAF requests inspected', 'https://aws.amazon.com/waf/pricing/', 'global'),
  xrayTraces: price(5, 1e6, 'X-Ray traces recorded', 'https://aws.amazon.com/xray/pricing/'),
  // Entered 2026-11-28: the pages searched had US East's figures (or one figure for every region);
  // where eu-central-1's could not be read the row is an estimate and says on what.
  webSocketMessages: billPrice(
    1.14,
    1e6,
    'API Gateway WebSocket messages (each frame either way, in 32 KB steps; first billion a month)',
    'https://aws.amazon.com/api-gateway/pricing/',
    PRICES_REGION,
    "US East's $1.00 on the page; eu-central-1 not found (Frankfurt's WebSocket prices read about 14 % higher)",
  ),
  webSocketConnectionMinutes: billPrice(
    0.285,
    1e6,
    'API Gateway WebSocket connection minutes',
    'https://aws.amazon.com/api-gateway/pricing/',
    PRICES_REGION,
    "US East's $0.25 on the page; eu-central-1 not found (Frankfurt's WebSocket prices read about 14 % higher)",
  ),
  wafWebAcl: billPrice(5, 1, 'AWS WAF web ACL, per month', 'https://aws.amazon.com/waf/pricing/', 'global'),
  wafRule: billPrice(
    1,
    1,
    'AWS WAF rule or managed rule group in a web ACL, per month',
    'https://aws.amazon.com/waf/pricing/',
    'global',
  ),
  alarms: billPrice(
    0.1,
    1,
    'CloudWatch standard-resolution metric alarm, per month',
    'https://aws.amazon.com/cloudwatch/pricing/',
    PRICES_REGION,
    "US East's figure on the page; the same in eu-central-1 assumed (alarms are not priced higher there in our records)",
  ),
  customMetrics: billPrice(
    0.3,
    1,
    'CloudWatch custom metric (a name and dimension set), per month, first 10,000',
    'https://aws.amazon.com/cloudwatch/pricing/',
    PRICES_REGION,
    "US East's figure on the page; eu-central-1 assumed the same",
  ),
  dashboards: billPrice(
    3,
    1,
    'CloudWatch dashboard, per month',
    'https://aws.amazon.com/cloudwatch/pricing/',
    'global',
  ),
  secrets: billPrice(
    0.4,
    1,
    'Secrets Manager secret, per month',
    'https://aws.amazon.com/secrets-manager/pricing/',
    PRICES_REGION,
    'the one figure the pages searched show for every region',
  ),
  secretsApiCalls: billPrice(
    0.05,
    10_000,
    'Secrets Manager API calls',
    'https://aws.amazon.com/secrets-manager/pricing/',
    PRICES_REGION,
    'the one figure the pages searched show for every region',
  ),
  dynamoStorageGb: billPrice(
    0.306,
    1,
    'DynamoDB table storage (Standard table class), per GB-month, past the first 25 GB',
    'https://aws.amazon.com/dynamodb/pricing/on-demand/',
    PRICES_REGION,
    `US East's $0.25 ${DYNAMO_RATIO}`,
  ),
  dynamoPitrGb: billPrice(
    0.2448,
    1,
    'DynamoDB continuous backups (point-in-time recovery), per GB-month of table',
    'https://aws.amazon.com/dynamodb/pricing/on-demand/',
    PRICES_REGION,
    `US East's $0.20 ${DYNAMO_RATIO}`,
  ),
  backupWarmGb: billPrice(
    0.1224,
    1,
    'AWS Backup warm storage of DynamoDB backups (advanced features), per GB-month',
    'https://aws.amazon.com/backup/pricing/',
    PRICES_REGION,
    `US East's $0.10 ${DYNAMO_RATIO}`,
  ),
  backupWarmGbCopyRegion: billPrice(
    0.11,
    1,
    'AWS Backup warm storage of DynamoDB backups, per GB-month, in the copy region',
    'https://aws.amazon.com/backup/pricing/',
    'eu-west-1',
    "US East's $0.10 times 1.1 (Ireland sits between US East and Frankfurt); eu-west-1 not found",
  ),
  crossRegionTransferGb: billPrice(
    0.02,
    1,
    'Data transfer between AWS regions (a backup copy to the copy region), per GB',
    'https://aws.amazon.com/backup/pricing/',
    PRICES_REGION,
    "$0.02 per GB is the inter-region figure the pages searched give (US East); Frankfurt's assumed the same",
  ),
  kmsKeys: billPrice(1, 1, 'KMS customer managed key, per month', 'https://aws.amazon.com/kms/pricing/'),
  route53HostedZones: billPrice(
    0.5,
    1,
    'Route 53 hosted zone, per month (alias queries to CloudFront are free)',
    'https://aws.amazon.com/route53/pricing/',
    'global',
  ),
} as const satisfies Record<string, Price>;

export type PriceName = keyof typeof PRICES;

/** What `units` of `name` cost. */
export function costOf(name: PriceName, units: number): number {
  const { usd, per } = PRICES[name];
  return (units * usd) / per;
}

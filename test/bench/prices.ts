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
}

const price = (usd: number, per: number, unit: string, source: string, region = PRICES_REGION): Price => ({
  usd,
  per,
  unit,
  region,
  source,
});

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
} as const satisfies Record<string, Price>;

export type PriceName = keyof typeof PRICES;

/** What `units` of `name` cost. */
export function costOf(name: PriceName, units: number): number {
  const { usd, per } = PRICES[name];
  return (units * usd) / per;
}

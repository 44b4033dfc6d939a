/**
 * The context a prod synth must have (no defaults in prod; infra/stacks/stages.ts): the infra tests'
 * and the bench's fixed costs (a module of its own, so the bench imports no test runner).
 */
export const PROD_CONTEXT = {
  stage: 'prod',
  siteUrl: 'https://exchange.example.org',
  mailFrom: 'no-reply@example.org',
  adminEmail: 'operator@example.org',
  account: '123456789012',
  alarmEmail: 'oncall@example.org',
  siteDomain: 'exchange.example.org',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
  apiCertificateArn: 'arn:aws:acm:eu-central-1:123456789012:certificate/11111111-1111-1111-1111-111111111111',
} as const;

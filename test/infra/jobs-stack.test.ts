import { jobs } from '@functions/routes/manifest';
import { JobsStack } from '@infra/stacks/jobs-stack';
import { readServiceConfig, type ServiceConfig } from '@infra/stacks/service-config';
import { STAGES } from '@infra/stacks/stages';
import type { JobDefinition } from '@shared/routes/definition';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { beforeAll, describe, expect, it } from 'vitest';

/** Existing handler modules stand in for job handlers: the stack only wires them. */
const sampleJobs: Record<string, JobDefinition> = {
  expireStale: {
    handler: 'handlers/system/health',
    schedule: 'rate(15 minutes)',
    summary: 'Expire stale applications',
    uses: { table: 'readWrite' },
  },
  pingProvider: {
    handler: 'handlers/system/not-found',
    schedule: 'rate(1 hour)',
    summary: 'Call a market-data provider',
    uses: { rateProviders: true },
  },
};

const config: ServiceConfig = {
  stage: 'dev',
  settings: STAGES.dev,
  env: { region: STAGES.dev.region },
  inCopyRegion: false,
  siteUrl: 'https://exchange.example.com',
  mailFrom: 'no-reply@example.com',
  marketDataUrl: 'https://api.coingecko.com/api/v3',
  rateProviders: {
    cryptoUrl: 'https://api.kraken.com',
    fiatUrl: 'https://open.er-api.com/v6',
    usdtMarketUrl: 'https://api.exmo.com/v1.1',
    centralBankUrl: 'https://www.cbr.ru',
    bestChangeArchiveUrl: 'https://api.bestchange.ru/info.zip',
  },
  tronApiUrl: 'https://api.trongrid.io',
  tronUsdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  amlApiUrl: 'https://api.change.pro',
  telegramApiUrl: 'https://api.telegram.org',
  wafManagedRules: 'block',
};

let sample: Template;
let manifest: Template;

beforeAll(() => {
  const app = new App({ builtinCloudFormationValidation: false, context: { 'aws:cdk:bundling-stacks': [] } });
  const shared = { config };
  // The api stack holds the TRON key's secret; the chain watcher's job reads it across stacks.
  const secrets = new Stack(app, 'secrets', { env: config.env });
  const tron = {
    url: config.tronApiUrl,
    usdtContract: config.tronUsdtContract,
    apiKey: new Secret(secrets, 'TronApiKey'),
  };
  const aml = { url: config.amlApiUrl, apiKey: new Secret(secrets, 'AmlApiKey') };
  const sampleStack = new JobsStack(app, 'sample-jobs', { ...shared, jobs: sampleJobs });
  const manifestStack = new JobsStack(app, 'manifest-jobs', { ...shared, jobs, tron, aml, env: config.env });
  sample = Template.fromStack(sampleStack);
  manifest = Template.fromStack(manifestStack);
});

describe('jobs stack', () => {
  it('creates one function and one schedule per job', () => {
    sample.resourceCountIs('AWS::Lambda::Function', 2);
    sample.resourceCountIs('AWS::Events::Rule', 2);
  });

  it('runs each job one run at a time (reserved concurrency 1), within the minute its schedule allows', () => {
    const functions = Object.values(manifest.findResources('AWS::Lambda::Function')).map(
      (fn) => (fn as { Properties: { ReservedConcurrentExecutions?: number; Timeout?: number } }).Properties,
    );

    expect(functions).toHaveLength(Object.keys(jobs).length);
    for (const fn of functions) expect(fn).toMatchObject({ ReservedConcurrentExecutions: 1, Timeout: 60 });
  });

  it('schedules each job with the expression from its definition', () => {
    const expressions = Object.values(sample.findResources('AWS::Events::Rule')).map(
      (rule) => (rule as { Properties: { ScheduleExpression: string } }).Properties.ScheduleExpression,
    );

    expect(expressions.sort()).toEqual(['rate(1 hour)', 'rate(15 minutes)']);
  });

  it('binds each job to what it uses and nothing else', () => {
    const environments = Object.values(sample.findResources('AWS::Lambda::Function')).map(
      (fn) =>
        (fn as { Properties: { Environment: { Variables: Record<string, unknown> } } }).Properties.Environment
          .Variables,
    );

    expect(environments.filter((env) => 'TABLE_NAME' in env && !('RATES_CRYPTO_URL' in env))).toHaveLength(1);
    expect(environments.filter((env) => 'RATES_CRYPTO_URL' in env && !('TABLE_NAME' in env))).toHaveLength(1);
    // Jobs send no mail: they queue it in the outbox, and the mail stack's sender sends it.
    expect(environments.filter((env) => 'MAIL_FROM' in env)).toEqual([]);
  });

  it('creates one schedule per job of the manifest', () => {
    manifest.resourceCountIs('AWS::Events::Rule', Object.keys(jobs).length);
  });

  it('gives the provider URLs to the rates job alone, and runs it every minute', () => {
    const withProviders = Object.values(manifest.findResources('AWS::Lambda::Function'))
      .map(
        (fn) =>
          (fn as { Properties: { Environment: { Variables: Record<string, unknown> } } }).Properties
            .Environment.Variables,
      )
      .filter((env) => 'RATES_CRYPTO_URL' in env);
    expect(withProviders).toEqual([
      expect.objectContaining({
        RATES_CRYPTO_URL: 'https://api.kraken.com',
        RATES_FIAT_URL: 'https://open.er-api.com/v6',
        RATES_USDT_MARKET_URL: 'https://api.exmo.com/v1.1',
        RATES_CENTRAL_BANK_URL: 'https://www.cbr.ru',
        BESTCHANGE_ARCHIVE_URL: 'https://api.bestchange.ru/info.zip',
      }),
    ]);
    manifest.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(1 minute)' });
  });

  it("takes the market sources' and BestChange's archive URLs from their context, the real ones by default, https only", () => {
    const urls = (context: Record<string, string>) =>
      readServiceConfig(new App({ context: { stage: 'dev', ...context } })).rateProviders;

    expect(urls({})).toMatchObject({
      usdtMarketUrl: 'https://api.exmo.com/v1.1',
      centralBankUrl: 'https://www.cbr.ru',
      bestChangeArchiveUrl: 'https://api.bestchange.ru/info.zip',
    });
    expect(urls({ bestChangeArchiveUrl: 'https://mirror.example/info.zip' }).bestChangeArchiveUrl).toBe(
      'https://mirror.example/info.zip',
    );
    expect(() => urls({ bestChangeArchiveUrl: 'http://api.bestchange.ru/info.zip' })).toThrow(
      /bestChangeArchiveUrl/,
    );
    expect(
      urls({ ratesUsdtMarketUrl: 'https://market.example', ratesCentralBankUrl: 'https://cbr.example' }),
    ).toMatchObject({ usdtMarketUrl: 'https://market.example', centralBankUrl: 'https://cbr.example' });
    expect(() => urls({ ratesCentralBankUrl: 'http://www.cbr.ru' })).toThrow(/ratesCentralBankUrl/);
  });

  it('gives the TRON provider to the chain watcher alone, every minute', () => {
    const variables = Object.values(manifest.findResources('AWS::Lambda::Function')).map(
      (fn) =>
        (fn as { Properties: { Environment: { Variables: Record<string, unknown> } } }).Properties.Environment
          .Variables,
    );
    expect(variables.filter((env) => 'TRON_API_URL' in env)).toEqual([
      expect.objectContaining({
        TRON_API_URL: 'https://api.trongrid.io',
        TRON_USDT_CONTRACT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        TRON_API_KEY_ARN: expect.anything(),
      }),
    ]);
    // The payments it matches are AML-checked: the provider and its key's secret come with TRON's.
    expect(variables.filter((env) => 'AML_API_URL' in env)).toEqual([
      expect.objectContaining({
        TRON_API_URL: 'https://api.trongrid.io',
        AML_API_URL: 'https://api.change.pro',
        AML_API_KEY_ARN: expect.anything(),
      }),
    ]);
    expect(jobs.watchChain).toMatchObject({ handler: 'jobs/watch-chain', schedule: 'rate(1 minute)' });
  });
});

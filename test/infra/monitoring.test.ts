import { mkdtempSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { METRICS_NAMESPACE } from '@functions/commons/metrics';
import { jobs, workers } from '@functions/routes/manifest';
import { PROJECT_ROOT } from '@infra/constructs/bundling';
import { deadLetterQueueName, workerFunctionName } from '@infra/physical-names';
import { CLOUDFRONT_5XX_COUNT, edgeAlarmPrefix } from '@infra/stacks/edge-monitoring-stack';
import { LIVE_SERVER_ERRORS_METRIC } from '@infra/stacks/live-stack';
import { ALARM_THRESHOLDS, deadLetterAlarmId, MonitoringStack } from '@infra/stacks/monitoring-stack';
import { readServiceConfig } from '@infra/stacks/service-config';
import { STAGES } from '@infra/stacks/stages';
import type { JobDefinition } from '@shared/routes/definition';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PROD_CONTEXT, type SynthesizedService, synthesizeService } from './synth';

type Resource = { Type: string; Properties: Record<string, unknown> };

let prod: SynthesizedService;
let monitoring: Template;
let alarms: Record<string, Resource>;

beforeAll(() => {
  prod = synthesizeService({ context: PROD_CONTEXT });
  monitoring = prod.template(prod.stacks.monitoring);
  alarms = monitoring.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>;
});

/**
 * The alarms' logical ids of a monitoring stack alone (no other stack: it needs none) for `jobs`,
 * with the given context over prod's.
 */
function standaloneMonitoring(
  manifestJobs: Readonly<Record<string, JobDefinition>>,
  context: Record<string, string> = {},
): Template {
  const app = new App({
    outdir: mkdtempSync(path.join(inject('infraAssemblies'), 'assembly-')),
    builtinCloudFormationValidation: false,
    context: { ...PROD_CONTEXT, ...context },
  });
  const config = readServiceConfig(app);
  const other = new Stack(app, 'Api', { env: config.env });
  const stack = new MonitoringStack(app, 'Monitoring', {
    config,
    env: config.env,
    httpApi: HttpApi.fromHttpApiAttributes(other, 'HttpApi', { httpApiId: 'api0123' }),
    jobs: manifestJobs,
    workers,
    edgeAlarmPrefix: edgeAlarmPrefix(config.stage),
  });
  return Template.fromStack(stack);
}

function alarm(idPrefix: string): Resource['Properties'] {
  const found = Object.entries(alarms).find(([id]) => id.startsWith(idPrefix));
  if (!found) throw new Error(`No alarm ${idPrefix}`);
  return found[1].Properties;
}

describe('alarms and their topic', () => {
  it('mails the alarm topic to alarmEmail and sends every alarm and recovery to it', () => {
    monitoring.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: PROD_CONTEXT.alarmEmail,
    });
    for (const resource of Object.values(alarms)) {
      expect(resource.Properties.AlarmActions).toEqual([{ Ref: expect.stringMatching(/^AlarmTopic/) }]);
      expect(resource.Properties.OKActions).toEqual(resource.Properties.AlarmActions);
    }
  });

  it('counts API 5xx answers, so three in 5 minutes fire at launch volume', () => {
    expect(alarm('Api5xx')).toMatchObject({
      MetricName: '5xx',
      Statistic: 'Sum',
      Threshold: ALARM_THRESHOLDS.api5xxCount,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('watches the shares of 4xx and of 429 answers, the latter from the access log', () => {
    const rate4xx = JSON.stringify(alarm('Api4xxRate').Metrics);
    const rate429 = JSON.stringify(alarm('Api429Rate').Metrics);

    expect(rate4xx).toContain('"MetricName":"4xx"');
    expect(rate429).toContain('"MetricName":"ApiThrottled"');
    expect(rate429).toContain(`requests >= ${ALARM_THRESHOLDS.minRequests}`);
    expect(alarm('Api429Rate').Threshold).toBe(ALARM_THRESHOLDS.api429Percent);
  });

  it('watches Lambda errors (three in 5 minutes, not any one) and throttles, DynamoDB throttles and system errors', () => {
    expect(alarm('LambdaErrors')).toMatchObject({
      MetricName: 'Errors',
      Namespace: 'AWS/Lambda',
      Threshold: ALARM_THRESHOLDS.lambdaErrors,
    });
    expect(alarm('LambdaThrottles')).toMatchObject({ MetricName: 'Throttles', Namespace: 'AWS/Lambda' });
    expect(JSON.stringify(alarm('DynamoThrottles').Metrics)).toContain('ThrottledRequests');
    expect(JSON.stringify(alarm('DynamoSystemErrors').Metrics)).toContain('SystemErrors');
  });

  it("alarms on every dead-letter queue's depth above 0, an alarm named after its job or worker", () => {
    const queueNames = [prod.stacks.jobs!, prod.stacks.mail, prod.stacks.live, prod.stacks.exports].flatMap(
      (stack) =>
        Object.values(prod.template(stack).findResources('AWS::SQS::Queue')).map(
          (queue) => (queue as Resource).Properties.QueueName,
        ),
    );
    const keys = [...Object.keys(jobs), ...Object.keys(workers)];

    expect(queueNames.sort()).toEqual(keys.map((key) => deadLetterQueueName('prod', key)).sort());
    for (const key of keys)
      expect(alarm(deadLetterAlarmId(key)), key).toMatchObject({
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: deadLetterQueueName('prod', key) }],
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
      });
  });

  it("imports nothing from the stacks whose queues and functions it watches: it finds them by name (a removed job's export is never in use)", () => {
    const imports: string[] = [];
    JSON.stringify(monitoring.toJSON(), (key, value: unknown) => {
      if (key === 'Fn::ImportValue') imports.push(JSON.stringify(value));
      return value;
    });

    // The HTTP API's id only: the api stack and its API are there for good.
    expect(imports.length).toBeGreaterThan(0);
    for (const name of imports) expect(name).toMatch(/^"exchange-prod-api:ExportsOutputRefHttpApi/);
    expect(prod.stacks.monitoring.dependencies.map((stack) => stack.stackName).sort()).toEqual([
      'exchange-prod-api',
      'exchange-prod-data',
    ]);
  });

  it('keeps the ids of the other alarms when a job leaves the manifest', () => {
    const alarmIds = (template: Template) => Object.keys(template.findResources('AWS::CloudWatch::Alarm'));
    const [removed, ...kept] = Object.keys(jobs);
    const before = alarmIds(standaloneMonitoring(jobs));
    const after = alarmIds(
      standaloneMonitoring(Object.fromEntries(kept.map((key) => [key, jobs[key as keyof typeof jobs]]))),
    );
    const removedIds = before.filter((id) => !after.includes(id));

    expect(after.every((id) => before.includes(id))).toBe(true);
    expect(removedIds.map((id) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual(
      [
        `${removed!.charAt(0).toUpperCase()}${removed!.slice(1)}Heartbeat`,
        deadLetterAlarmId(removed!),
      ].sort(),
    );
  });

  it('keeps a heartbeat per scheduled job: no finished run for two of its periods fires', () => {
    for (const id of Object.keys(jobs)) {
      const heartbeat = alarm(`${id.charAt(0).toUpperCase()}${id.slice(1)}Heartbeat`);
      expect(heartbeat, id).toMatchObject({
        MetricName: 'JobSucceeded',
        Namespace: METRICS_NAMESPACE,
        Dimensions: [{ Name: 'Job', Value: id }],
        Threshold: 1,
        ComparisonOperator: 'LessThanThreshold',
        EvaluationPeriods: 2,
        TreatMissingData: 'breaching',
      });
      expect(heartbeat.Period, id).toBeGreaterThanOrEqual(300);
    }
  });

  it('alarms on the oldest unsent mail, stale feed directions and the outbox stream', () => {
    expect(alarm('OldestUnsentMail')).toMatchObject({
      MetricName: 'OldestUnsentMailMinutes',
      Statistic: 'Maximum',
      Threshold: ALARM_THRESHOLDS.oldestUnsentMailMinutes,
    });
    expect(alarm('RatesStale')).toMatchObject({
      MetricName: 'DirectionsPausedStale',
      Period: 60,
      EvaluationPeriods: ALARM_THRESHOLDS.staleRatesMinutes,
      Threshold: 1,
    });
    expect(alarm('ChainReadStale')).toMatchObject({
      MetricName: 'ChainReadAgeMinutes',
      Statistic: 'Maximum',
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      Threshold: ALARM_THRESHOLDS.chainReadAgeMinutes,
    });
    expect(alarm('ChainReviewWaiting')).toMatchObject({
      MetricName: 'ChainReviewWaiting',
      Statistic: 'Minimum',
      Period: 60,
      EvaluationPeriods: ALARM_THRESHOLDS.chainReviewWaitingMinutes,
      Threshold: 1,
    });
    expect(alarm('OutboxStreamBehind')).toMatchObject({
      MetricName: 'IteratorAge',
      Dimensions: [{ Name: 'FunctionName', Value: workerFunctionName('prod', 'sendMail') }],
      Threshold: ALARM_THRESHOLDS.streamIteratorAgeMs,
    });
    expect(alarm('LiveStreamBehind')).toMatchObject({
      MetricName: 'IteratorAge',
      Dimensions: [{ Name: 'FunctionName', Value: workerFunctionName('prod', 'liveFanOut') }],
      Statistic: 'Maximum',
      Threshold: ALARM_THRESHOLDS.liveStreamIteratorAgeMs,
    });
    // The workers' functions carry those names.
    const functionNames = [prod.stacks.mail, prod.stacks.live, prod.stacks.exports].flatMap((stack) =>
      Object.values(prod.template(stack).findResources('AWS::Lambda::Function')).map(
        (fn) => (fn as Resource).Properties.FunctionName,
      ),
    );
    for (const key of Object.keys(workers)) expect(functionNames).toContain(workerFunctionName('prod', key));
  });

  it('fires OriginSecretStale on the first request an hour after a rotation that still carries the previous secret', () => {
    // The authorizer's answers are cached 5 minutes, so requests with the old value are sparse: the
    // alarm must not need consecutive data points, and a quiet period must not count as stale.
    expect(alarm('OriginSecretStale')).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: 'OriginSecretPreviousMinutes',
      Statistic: 'Maximum',
      Threshold: 60,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
    });
    expect(ALARM_THRESHOLDS.originSecretStaleMinutes).toBe(60);
  });

  it("watches the API's p95 latency (15 minutes above 2.5 s, with 50 requests or more every 5) and the WebSocket API's 5xx answers", () => {
    const latency = alarm('ApiLatencyP95');
    expect(latency).toMatchObject({
      Threshold: ALARM_THRESHOLDS.apiLatencyP95Ms,
      EvaluationPeriods: ALARM_THRESHOLDS.apiLatencyPeriods,
      ComparisonOperator: 'GreaterThanThreshold',
    });
    expect(JSON.stringify(latency.Metrics)).toContain('"MetricName":"Latency"');
    expect(JSON.stringify(latency.Metrics)).toContain('"Stat":"p95"');
    expect(JSON.stringify(latency.Metrics)).toContain(`requests >= ${ALARM_THRESHOLDS.minRequests}`);
    expect([ALARM_THRESHOLDS.apiLatencyP95Ms, ALARM_THRESHOLDS.apiLatencyPeriods]).toEqual([2_500, 3]);

    expect(alarm('LiveSocketErrors')).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: LIVE_SERVER_ERRORS_METRIC,
      Statistic: 'Sum',
      Threshold: ALARM_THRESHOLDS.liveServerErrors,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    // From the live stage's access log: its 5xx lines, the status written as text or a number.
    const [filter] = Object.values(
      prod.template(prod.stacks.live).findResources('AWS::Logs::MetricFilter'),
    ) as Resource[];
    expect(filter!.Properties).toMatchObject({
      FilterPattern: '{ ($.status >= 500) || ($.status = "5*") }',
      MetricTransformations: [
        { MetricNamespace: METRICS_NAMESPACE, MetricName: LIVE_SERVER_ERRORS_METRIC, MetricValue: '1' },
      ],
    });
  });

  it("alarms when 80 % of the account's Lambda concurrency quota is claimed, the quota read by SERVICE_QUOTA", () => {
    const concurrency = alarm('LambdaConcurrency');
    const metrics = JSON.stringify(concurrency.Metrics);

    expect(concurrency).toMatchObject({
      Threshold: 80,
      EvaluationPeriods: 5,
      DatapointsToAlarm: 3,
      TreatMissingData: 'notBreaching',
    });
    expect(metrics).toContain('100 * claimed / SERVICE_QUOTA(running)');
    expect(metrics).toContain('"MetricName":"ClaimedAccountConcurrency"');
    expect(metrics).toContain('"MetricName":"ConcurrentExecutions"');
    expect(metrics).toContain('"Period":60');
  });

  it("alarms when SES sent 80 % of its sending quota in the last 24 hours (200, the sandbox's, unless -c sesSendingQuota)", () => {
    expect(alarm('SesQuotaUse')).toMatchObject({
      Namespace: 'AWS/SES',
      MetricName: 'Send',
      Statistic: 'Sum',
      Period: 86_400,
      EvaluationPeriods: 1,
      Threshold: 160,
    });
    const configured = standaloneMonitoring(jobs, { sesSendingQuota: '50000' });
    configured.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'Send', Threshold: 40_000 });
    expect(() => standaloneMonitoring(jobs, { sesSendingQuota: 'lots' })).toThrow(/sesSendingQuota/);
  });

  it('mails failed, aborted, expired and partial AWS Backup jobs, the backup and its copy, to the alarm topic', () => {
    monitoring.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: {
        source: ['aws.backup'],
        'detail-type': ['Backup Job State Change', 'Copy Job State Change'],
        detail: { state: ['FAILED', 'ABORTED', 'EXPIRED', 'PARTIAL'] },
      },
      Targets: [Match.objectLike({ Arn: { Ref: Match.stringLikeRegexp('^AlarmTopic') } })],
    });
    // A stage without a backup plan has no such rule.
    const dev = standaloneMonitoring(jobs, { stage: 'dev' });
    expect(JSON.stringify(dev.findResources('AWS::Events::Rule'))).not.toContain('aws.backup');
  });

  it("warns of SES bounces below SES's own review threshold of 5 %, and of complaints above 0.1 %", () => {
    expect(alarm('SesBounceRate')).toMatchObject({ MetricName: 'Reputation.BounceRate', Threshold: 0.025 });
    expect(alarm('SesComplaintRate')).toMatchObject({
      MetricName: 'Reputation.ComplaintRate',
      Threshold: 0.001,
    });
  });

  it('has one dashboard with the alarms and the business figures', () => {
    const [dashboard] = Object.values(monitoring.findResources('AWS::CloudWatch::Dashboard')) as Resource[];
    const body = JSON.stringify(dashboard!.Properties.DashboardBody);

    for (const figure of [
      'ApplicationsCreated',
      'StatusChanges',
      'FailedLogins',
      'MailsQueued',
      'MailsSent',
      'TelegramSent',
      'OldestUnsentTelegramMinutes',
    ])
      expect(body).toContain(figure);
    expect(body).toContain(METRICS_NAMESPACE);
  });

  it('gives every alarm a line in docs/operations.md', () => {
    const operations = readFileSync(path.join(PROJECT_ROOT, 'docs/operations.md'), 'utf8');
    const names = [
      ...Object.keys(alarms).map((id) => id.replace(/[0-9A-F]{8}$/, '')),
      'CloudFront5xx',
      'WafBlocks',
      'BackupJobsFailed',
    ].map((name) =>
      name.replace(/^(\w+)Heartbeat$/, '…Heartbeat').replace(/^(\w+)DeadLetters$/, '…DeadLetters'),
    );
    for (const name of new Set(names)) expect(operations, name).toContain(`\`${name}`);
  });
});

describe('edge alarms (us-east-1)', () => {
  it('alarm on CloudFront 5xx answers as a count and on a spike of WAF blocks', () => {
    const edge = prod.template(prod.stacks.edgeMonitoring);
    const prefix = edgeAlarmPrefix('prod');
    edge.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: `${prefix}CloudFront5xx`,
      Threshold: CLOUDFRONT_5XX_COUNT,
      Metrics: Match.arrayWith([
        Match.objectLike({
          MetricStat: Match.objectLike({ Metric: Match.objectLike({ MetricName: '5xxErrorRate' }) }),
        }),
      ]),
    });
    edge.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: `${prefix}WafBlocks`,
      MetricName: 'BlockedRequests',
      Namespace: 'AWS/WAFV2',
      Threshold: STAGES.prod.waf.blockedAlarmPer5Minutes,
    });
    expect(prod.stacks.edgeMonitoring.region).toBe('us-east-1');
  });

  it("route their state changes to the stage region's bus, and from there to the same topic", () => {
    const prefix = edgeAlarmPrefix('prod');
    const [forward] = Object.values(
      prod.template(prod.stacks.edgeMonitoring).findResources('AWS::Events::Rule'),
    ) as Resource[];
    expect(forward!.Properties.EventPattern).toMatchObject({ detail: { alarmName: [{ prefix }] } });
    expect(JSON.stringify(forward!.Properties.Targets)).toContain(
      ':events:eu-central-1:123456789012:event-bus/default',
    );
    monitoring.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: { detail: { alarmName: [{ prefix }] } },
      Targets: [Match.objectLike({ Arn: { Ref: Match.stringLikeRegexp('^AlarmTopic') } })],
    });
  });
});

describe('the jobs and tracing', () => {
  it("sends a failed run of the live alias to the job's dead-letter queue after two retries", () => {
    const jobsTemplate = prod.template(prod.stacks.jobs!);
    jobsTemplate.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      Qualifier: { 'Fn::Select': [7, { 'Fn::Split': [':', { Ref: Match.stringLikeRegexp('JobLive') }] }] },
      MaximumRetryAttempts: 2,
      DestinationConfig: {
        OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('DeadLetters'), 'Arn'] } },
      },
    });
  });

  it('traces every function with X-Ray', () => {
    for (const stack of [
      prod.stacks.api,
      ...Object.values(prod.stacks.apiRoutes),
      prod.stacks.jobs!,
      prod.stacks.exports,
      prod.stacks.firstRun,
    ]) {
      // CDK's own custom-resource providers (the provider framework's, the deploy trigger's) are its
      // code, not ours: every function of the service is traced.
      const functions = Object.entries(prod.template(stack).findResources('AWS::Lambda::Function')).filter(
        ([id]) => !id.includes('framework') && !id.startsWith('AWSCDKTriggerCustomResourceProvider'),
      ) as Array<[string, Resource]>;
      expect(functions.length).toBeGreaterThan(0);
      for (const [id, fn] of functions) expect(fn.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
    }
  });
});

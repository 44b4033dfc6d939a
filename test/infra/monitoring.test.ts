import { readFileSync } from 'node:fs';
import path from 'node:path';
import { METRICS_NAMESPACE } from '@functions/commons/metrics';
import { jobs } from '@functions/routes/manifest';
import { PROJECT_ROOT } from '@infra/constructs/bundling';
import { CLOUDFRONT_5XX_COUNT, edgeAlarmPrefix } from '@infra/stacks/edge-monitoring-stack';
import { ALARM_THRESHOLDS } from '@infra/stacks/monitoring-stack';
import { STAGES } from '@infra/stacks/stages';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
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

  it("alarms on every dead-letter queue's depth above 0", () => {
    const queues = [prod.stacks.jobs!, prod.stacks.mail, prod.stacks.live].flatMap((stack) =>
      Object.keys(prod.template(stack).findResources('AWS::SQS::Queue')),
    );
    const depthAlarms = Object.entries(alarms).filter(([id]) => id.startsWith('DeadLetters'));

    expect(queues.length).toBeGreaterThan(0);
    expect(depthAlarms).toHaveLength(queues.length);
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
      Threshold: ALARM_THRESHOLDS.streamIteratorAgeMs,
    });
    expect(alarm('LiveStreamBehind')).toMatchObject({
      MetricName: 'IteratorAge',
      Statistic: 'Maximum',
      Threshold: ALARM_THRESHOLDS.liveStreamIteratorAgeMs,
    });
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

    for (const figure of ['ApplicationsCreated', 'StatusChanges', 'FailedLogins', 'MailsQueued', 'MailsSent'])
      expect(body).toContain(figure);
    expect(body).toContain(METRICS_NAMESPACE);
  });

  it('gives every alarm a line in docs/operations.md', () => {
    const operations = readFileSync(path.join(PROJECT_ROOT, 'docs/operations.md'), 'utf8');
    const names = [
      ...Object.keys(alarms).map((id) =>
        id.replace(/[0-9A-F]{8}$/, '').replace(/^DeadLetters\d+$/, 'DeadLetters'),
      ),
      'CloudFront5xx',
      'WafBlocks',
    ].map((name) => name.replace(/^(\w+)Heartbeat$/, '…Heartbeat'));
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
      prod.stacks.firstRun,
    ]) {
      const functions = Object.entries(prod.template(stack).findResources('AWS::Lambda::Function')).filter(
        ([id]) => !id.includes('framework'),
      ) as Array<[string, Resource]>;
      expect(functions.length).toBeGreaterThan(0);
      for (const [id, fn] of functions) expect(fn.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
    }
  });
});

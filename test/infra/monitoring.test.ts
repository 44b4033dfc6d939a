import { METRICS_NAMESPACE } from '@functions/commons/metrics';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROD_CONTEXT, type SynthesizedService, synthesizeService } from './synth';

type Resource = { Type: string; Properties: Record<string, unknown> };

let prod: SynthesizedService;
let monitoring: Template;
let alarms: Record<string, Resource>;

beforeAll(() => {
  prod = synthesizeService({ context: { ...PROD_CONTEXT, alarmEmail: 'oncall@example.org' } });
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
      Endpoint: 'oncall@example.org',
    });
    for (const resource of Object.values(alarms)) {
      expect(resource.Properties.AlarmActions).toEqual([{ Ref: expect.stringMatching(/^AlarmTopic/) }]);
      expect(resource.Properties.OKActions).toEqual(resource.Properties.AlarmActions);
    }
  });

  it('watches the API 5xx rate above 5 %', () => {
    const props = alarm('Api5xxRate');
    expect(props.Threshold).toBe(5);
    expect(JSON.stringify(props.Metrics)).toContain('100 * errors / requests');
    expect(JSON.stringify(props.Metrics)).toContain('"MetricName":"5xx"');
  });

  it('watches Lambda errors and throttles, DynamoDB throttles and system errors', () => {
    expect(alarm('LambdaErrors')).toMatchObject({
      MetricName: 'Errors',
      Namespace: 'AWS/Lambda',
      Threshold: 0,
    });
    expect(alarm('LambdaThrottles')).toMatchObject({ MetricName: 'Throttles', Namespace: 'AWS/Lambda' });
    expect(JSON.stringify(alarm('DynamoThrottles').Metrics)).toContain('ThrottledRequests');
    expect(JSON.stringify(alarm('DynamoSystemErrors').Metrics)).toContain('SystemErrors');
  });

  it("alarms on every dead-letter queue's depth above 0", () => {
    const queues = [prod.stacks.jobs!, prod.stacks.mail].flatMap((stack) =>
      Object.keys(prod.template(stack).findResources('AWS::SQS::Queue')),
    );
    const depthAlarms = Object.entries(alarms).filter(([id]) => id.startsWith('DeadLetters'));

    expect(queues.length).toBeGreaterThan(0);
    expect(depthAlarms).toHaveLength(queues.length);
    for (const [, resource] of depthAlarms)
      expect(resource.Properties).toMatchObject({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
      });
  });

  it('alarms when the expiry job fails, and when it has not succeeded for 2 periods', () => {
    expect(alarm('ExpiryJobFailing')).toMatchObject({ MetricName: 'Errors', Threshold: 0 });
    expect(alarm('ExpiryJobNotSucceeding')).toMatchObject({
      Threshold: 1,
      ComparisonOperator: 'LessThanThreshold',
      EvaluationPeriods: 2,
      TreatMissingData: 'breaching',
    });
  });

  it('alarms on an SES bounce rate above 5 % and a complaint rate above 0.1 %', () => {
    expect(alarm('SesBounceRate')).toMatchObject({ MetricName: 'Reputation.BounceRate', Threshold: 0.05 });
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
      'MailsFailed',
      'MailsSuppressed',
    ])
      expect(body).toContain(figure);
    expect(body).toContain(METRICS_NAMESPACE);
    expect(body).toContain('alarm');
  });
});

describe('the expiry job and tracing', () => {
  it("sends a failed run to the job's dead-letter queue after two retries", () => {
    const jobs = prod.template(prod.stacks.jobs!);
    jobs.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      MaximumRetryAttempts: 2,
      DestinationConfig: {
        OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('DeadLetters'), 'Arn'] } },
      },
    });
  });

  it('traces every function with X-Ray', () => {
    for (const stack of [prod.stacks.api, prod.stacks.jobs!, prod.stacks.firstRun]) {
      const functions = Object.entries(prod.template(stack).findResources('AWS::Lambda::Function')).filter(
        ([id]) => !id.includes('framework'),
      ) as Array<[string, Resource]>;
      expect(functions.length).toBeGreaterThan(0);
      for (const [id, fn] of functions) expect(fn.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
    }
  });
});

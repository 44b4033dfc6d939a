import { workers } from '@functions/routes/manifest';
import { Stack } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import type { CfnRole } from 'aws-cdk-lib/aws-iam';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROD_CONTEXT, type SynthesizedService, synthesizeService } from './synth';

type Resource = { Type: string; Properties: Record<string, unknown> };
interface Statement {
  Action: string | string[];
  Resource: unknown;
}

let prod: SynthesizedService;
let mail: Template;

beforeAll(() => {
  prod = synthesizeService({ context: PROD_CONTEXT });
  mail = prod.template(prod.stacks.mail);
});

/** The logical id of a worker's `live` alias, which its event sources invoke. */
const aliasIdOf = (workerId: string) => {
  const fn = prod.stacks.mail.workers.get(workerId)!;
  return prod.stacks.mail.getLogicalId(fn.live.node.defaultChild as never);
};

/** The statements of the policies attached to one worker's role. */
function statementsOf(workerId: string): Statement[] {
  const stack = prod.stacks.mail;
  const roleId = stack.getLogicalId(
    prod.stacks.mail.workers.get(workerId)!.role!.node.defaultChild as CfnRole,
  );
  return Object.values(mail.findResources('AWS::IAM::Policy'))
    .map(
      (policy) =>
        (policy as Resource).Properties as {
          Roles: Array<{ Ref: string }>;
          PolicyDocument: { Statement: Statement[] };
        },
    )
    .filter((properties) => properties.Roles.some((role) => role.Ref === roleId))
    .flatMap((properties) => properties.PolicyDocument.Statement);
}

const actionsOf = (statement: Statement) =>
  typeof statement.Action === 'string' ? [statement.Action] : statement.Action;

describe('mail stack: identity', () => {
  it("verifies mailFrom's domain with Easy DKIM and a custom MAIL FROM subdomain", () => {
    mail.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'example.org',
      MailFromAttributes: { MailFromDomain: 'mail.example.org' },
    });
  });

  it('prints the MAIL FROM and DMARC records to publish, for the pinned region', () => {
    const outputs = mail.toJSON().Outputs as Record<string, { Value: unknown }>;

    expect(outputs.MailFromMx!.Value).toBe('mail.example.org MX 10 feedback-smtp.eu-central-1.amazonses.com');
    expect(outputs.MailFromSpf!.Value).toBe('mail.example.org TXT "v=spf1 include:amazonses.com ~all"');
    expect(outputs.Dmarc!.Value).toBe(
      '_dmarc.example.org TXT "v=DMARC1; p=none; rua=mailto:operator@example.org"',
    );
  });
});

describe('mail stack: configuration set and bounce/complaint events', () => {
  it('has one configuration set with reputation metrics, whose bounces and complaints go to the default bus', () => {
    mail.resourceCountIs('AWS::SES::ConfigurationSet', 1);
    mail.hasResourceProperties('AWS::SES::ConfigurationSet', {
      ReputationOptions: { ReputationMetricsEnabled: true },
    });
    mail.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: ['bounce', 'complaint'],
        EventBridgeDestination: {
          EventBusArn: { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':event-bus/default$')])] },
        },
      },
    });
  });

  it('hands those events to the feedback worker, retried and then kept in its dead-letter queue', () => {
    const feedback = aliasIdOf('mailFeedback');
    mail.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: { source: ['aws.ses'], 'detail-type': ['Email Bounced', 'Email Complaint Received'] },
      Targets: [
        Match.objectLike({
          Arn: { Ref: feedback },
          RetryPolicy: {
            MaximumRetryAttempts: workers.mailFeedback.source.retryAttempts,
            MaximumEventAgeInSeconds: 3600,
          },
          DeadLetterConfig: {
            Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^MailFeedbackDeadLetters'), 'Arn'] },
          },
        }),
      ],
    });
    mail.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      Qualifier: { 'Fn::Select': [7, { 'Fn::Split': [':', { Ref: feedback }] }] },
      MaximumRetryAttempts: workers.mailFeedback.source.retryAttempts,
      DestinationConfig: {
        OnFailure: {
          Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('^MailFeedbackDeadLetters'), 'Arn'] },
        },
      },
    });
  });

  it('lets the feedback worker write the table and send nothing', () => {
    const actions = statementsOf('mailFeedback').flatMap(actionsOf);

    expect(actions).toContain('dynamodb:PutItem');
    expect(actions.filter((action) => action.startsWith('ses:'))).toEqual([]);
  });
});

describe('mail stack: the outbox sender', () => {
  it("reads the table's stream from its oldest record, in batches with bounded retries, bisected, failures reported per record, then the dead-letter queue", () => {
    const mapping = Object.values(mail.findResources('AWS::Lambda::EventSourceMapping')) as Resource[];

    expect(mapping).toHaveLength(1);
    expect(JSON.stringify(mapping[0]!.Properties.FunctionName)).toMatch(
      new RegExp(`"Ref":"${aliasIdOf('sendMail')}".*":live"`),
    );
    expect(mapping[0]!.Properties).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: workers.sendMail.source.batchSize,
      MaximumRetryAttempts: workers.sendMail.source.retryAttempts,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: {
        OnFailure: { Destination: { 'Fn::GetAtt': [expect.stringMatching(/^SendMailDeadLetters/), 'Arn'] } },
      },
    });
    // The stream of the stage's table, as the data stack's SSM parameter names it.
    expect(JSON.stringify(mapping[0]!.Properties.EventSourceArn)).toMatch(
      /SsmParameterValueexchangeprodtablestreamarn/,
    );
    expect(workers.sendMail.source.retryAttempts).toBeGreaterThan(0);
    expect(workers.sendMail.source.retryAttempts).toBeLessThanOrEqual(5);
  });

  it('is handed only outbox items whose new image is queued (an insert or a re-drive)', () => {
    const [mapping] = Object.values(mail.findResources('AWS::Lambda::EventSourceMapping')) as Resource[];
    const filters = (mapping!.Properties.FilterCriteria as { Filters: Array<{ Pattern: string }> }).Filters;

    expect(filters.map((filter) => JSON.parse(filter.Pattern))).toEqual([
      {
        eventName: ['INSERT', 'MODIFY'],
        dynamodb: {
          Keys: { pk: { S: [{ prefix: 'OUTBOX#' }] } },
          NewImage: { mailState: { S: ['queued'] } },
        },
      },
    ]);
  });

  it('may read the stream, write the table, send through the identity and the configuration set, and fill its queue', () => {
    const statements = statementsOf('sendMail');
    const on = (prefix: string) =>
      statements.filter((statement) => actionsOf(statement).some((action) => action.startsWith(prefix)));

    expect(on('dynamodb:GetRecords').length).toBe(1);
    expect(JSON.stringify(on('dynamodb:GetRecords')[0]!.Resource)).toMatch(
      /SsmParameterValueexchangeprodtablestreamarn/,
    );
    expect(statements.flatMap(actionsOf)).toEqual(
      expect.arrayContaining(['dynamodb:UpdateItem', 'dynamodb:GetItem', 'sqs:SendMessage']),
    );
    const ses = JSON.stringify(on('ses:').map((statement) => statement.Resource));
    expect(on('ses:')).toHaveLength(2);
    expect(ses).toContain(':identity/');
    expect(ses).toContain(':configuration-set/');
  });

  it('sends every mail with the configuration set', () => {
    mail.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          MAIL_FROM: 'no-reply@example.org',
          MAIL_CONFIGURATION_SET: { Ref: Match.stringLikeRegexp('^ConfigurationSet') },
        }),
      },
    });
  });

  it('is the only function of the stage that may call SES', () => {
    const withSes = prod.app.node.children.filter(Stack.isStack).flatMap((stack) =>
      Object.entries(prod.template(stack).findResources('AWS::IAM::Policy'))
        .filter(([, policy]) => JSON.stringify(policy).includes('"ses:'))
        .map(([id]) => `${stack.stackName}/${id}`),
    );

    expect(withSes).toEqual([expect.stringMatching(/^exchange-prod-mail\/SendMailWorkerRoleDefaultPolicy/)]);
  });
});

describe('data stack: the stream', () => {
  it('streams new images, which the sender reads', () => {
    prod.template(prod.stacks.data).hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
    });
  });
});

import { OUTBOX_STREAM_SOURCE } from '@functions/data/live-sources';
import type { WorkerDefinition } from '@shared/routes/definition';
import { CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import {
  ConfigurationSet,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  type IEmailIdentity,
} from 'aws-cdk-lib/aws-ses';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { ApiFunction } from '../constructs/api-function';
import { constructIdFor, type ManifestResources, manifestFunction } from '../constructs/manifest-function';
import { stageTable } from '../constructs/stage-table';
import { deadLetterQueueName, workerFunctionName } from '../physical-names';
import { mailDomain, type ServiceConfig } from './service-config';

export interface MailStackProps extends StackProps {
  readonly config: ServiceConfig;
  /** The manifest's `workers`: the outbox sender and the SES feedback handler. */
  readonly workers: Readonly<Record<string, WorkerDefinition>>;
  /** The Telegram bot (the api stack's secrets), or false without one: the outbox sender sends its messages. */
  readonly telegram: NonNullable<ManifestResources['telegram']>;
}

/** The SES events that mark an address undeliverable (functions/domain/outbox/feedback.ts). */
const FEEDBACK_DETAIL_TYPES = ['Email Bounced', 'Email Complaint Received'];

/** The custom MAIL FROM subdomain: bounces go there, so SPF and DMARC align with the sender's domain. */
export const MAIL_FROM_SUBDOMAIN = 'mail';

/**
 * Mail out of the outbox (docs/architecture.md §7, §9). The SES sender identity: the domain of
 * `mailFrom`, with Easy DKIM and a custom MAIL FROM domain, so any address on it may send (until its
 * DKIM records are published, outputs below, SES will not send from it; docs/operations.md lists
 * every record). The configuration set every send uses, whose bounce and complaint events go to
 * EventBridge's default bus. The manifest's workers: the outbox sender on the table's stream and
 * the feedback handler on those events, each with a dead-letter queue.
 */
export class MailStack extends Stack {
  readonly identity: IEmailIdentity;
  readonly mailFrom: string;
  readonly configurationSet: ConfigurationSet;
  readonly workers = new Map<string, ApiFunction>();
  /** Each worker's dead-letter queue, keyed like `workers`: the monitoring stack alarms on their depth. */
  readonly deadLetterQueues = new Map<string, Queue>();

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    this.mailFrom = props.config.mailFrom;
    const domain = mailDomain(props.config.mailFrom);
    const mailFromDomain = `${MAIL_FROM_SUBDOMAIN}.${domain}`;
    const identity = new EmailIdentity(this, 'SenderIdentity', {
      identity: Identity.domain(domain),
      mailFromDomain,
    });
    identity.dkimRecords.forEach((record, index) => {
      new CfnOutput(this, `DkimRecord${index + 1}`, {
        description: 'CNAME to publish in the mail domain so SES can sign and send',
        value: `${record.name} CNAME ${record.value}`,
      });
    });
    new CfnOutput(this, 'MailFromMx', {
      description: 'MX record of the MAIL FROM domain (bounces)',
      value: `${mailFromDomain} MX 10 feedback-smtp.${this.region}.amazonses.com`,
    });
    new CfnOutput(this, 'MailFromSpf', {
      description: 'SPF record of the MAIL FROM domain',
      value: `${mailFromDomain} TXT "v=spf1 include:amazonses.com ~all"`,
    });
    new CfnOutput(this, 'Dmarc', {
      description: 'DMARC policy of the mail domain (start with p=none, then quarantine)',
      value: `_dmarc.${domain} TXT "v=DMARC1; p=none; rua=mailto:${props.config.adminEmail ?? `postmaster@${domain}`}"`,
    });
    this.identity = identity;

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', { reputationMetrics: true });
    this.configurationSet.addEventDestination('Feedback', {
      // SES publishes to the default bus only.
      destination: EventDestination.eventBus(
        EventBus.fromEventBusArn(
          this,
          'DefaultBus',
          this.formatArn({ service: 'events', resource: 'event-bus', resourceName: 'default' }),
        ),
      ),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });

    const table = stageTable(this, props.config.stage, { stream: true });
    for (const [workerId, worker] of Object.entries(props.workers)) {
      // Live push's fan-out sits on the stream too, in the live stack beside its WebSocket API; the
      // export worker is in the exports stack.
      if (worker.source.kind === 'liveChanges' || worker.source.kind === 'invoked') continue;
      const name = constructIdFor(workerId);
      const fn = manifestFunction(
        this,
        `${name}Worker`,
        {
          handler: worker.handler,
          uses: worker.uses,
          description: worker.summary,
          // The monitoring stack reads its iterator age by this name.
          functionName: workerFunctionName(props.config.stage, workerId),
          timeout: Duration.minutes(1),
        },
        {
          siteUrl: props.config.siteUrl,
          stage: props.config.settings,
          table,
          mail: { identity, from: props.config.mailFrom, configurationSet: this.configurationSet },
          telegram: props.telegram,
        },
      );
      const deadLetters = new Queue(this, `${name}DeadLetters`, {
        // The monitoring stack alarms on it by this name.
        queueName: deadLetterQueueName(props.config.stage, workerId),
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      Validations.of(deadLetters).acknowledge({
        id: 'AwsSolutions-SQS3',
        reason: `This queue is the dead-letter queue of the ${workerId} worker; nothing consumes it but the operator.`,
      });
      if (worker.source.kind === 'outbox') this.readOutbox(fn, worker.source, table, deadLetters);
      else this.readFeedback(fn, worker.source.retryAttempts, deadLetters);
      this.workers.set(workerId, fn);
      this.deadLetterQueues.set(workerId, deadLetters);
    }
  }

  /**
   * The sender on the table's stream, filtered to outbox items whose new image is `queued` (an
   * insert, or a re-drive): bounded retries, a failing batch bisected, failed records reported one
   * by one, and a batch that keeps failing recorded in the dead-letter queue (its stream position;
   * the mails stay in the outbox for the re-drive job). From the stream's oldest record, so a mail
   * written before the mapping existed (a first deploy) is still sent; the claim makes that safe.
   */
  private readOutbox(
    fn: ApiFunction,
    source: Extract<WorkerDefinition['source'], { kind: 'outbox' }>,
    table: ITable,
    deadLetters: Queue,
  ) {
    Validations.of(fn.role!).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active tracing (xray:PutTraceSegments, xray:PutTelemetryRecords) and the stream event source ' +
        '(dynamodb:ListStreams, which lists stream ARNs only) support no resource-level permissions; the ' +
        "stream's records are read only through DescribeStream/GetShardIterator/GetRecords on its own ARN.",
    });
    fn.live.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: source.batchSize,
        retryAttempts: source.retryAttempts,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(deadLetters),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.or('INSERT', 'MODIFY'),
            dynamodb: {
              Keys: { pk: { S: FilterRule.beginsWith(OUTBOX_STREAM_SOURCE.pkPrefix) } },
              NewImage: { mailState: { S: FilterRule.isEqual(OUTBOX_STREAM_SOURCE.mailState) } },
            },
          }),
        ],
      }),
    );
  }

  /**
   * The feedback handler on the SES events of the default bus: EventBridge and Lambda each retry a
   * failed delivery, then the event is kept in the dead-letter queue.
   */
  private readFeedback(fn: ApiFunction, retryAttempts: number, deadLetters: Queue) {
    fn.live.configureAsyncInvoke({
      retryAttempts,
      maxEventAge: Duration.hours(1),
      onFailure: new SqsDestination(deadLetters),
    });
    new Rule(this, 'MailFeedbackRule', {
      description: 'SES bounce and complaint events of the configuration set',
      eventPattern: { source: ['aws.ses'], detailType: FEEDBACK_DETAIL_TYPES },
      targets: [
        new LambdaFunction(fn.live, {
          retryAttempts,
          maxEventAge: Duration.hours(1),
          deadLetterQueue: deadLetters,
        }),
      ],
    });
  }
}

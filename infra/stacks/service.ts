import { jobs, workers } from '@functions/routes/manifest';
import { type App, Tags } from 'aws-cdk-lib';
import { ApiStack } from './api-stack';
import { DataStack } from './data-stack';
import { FirstRunStack } from './first-run-stack';
import { JobsStack } from './jobs-stack';
import { MailStack } from './mail-stack';
import { MonitoringStack } from './monitoring-stack';
import type { ServiceConfig } from './service-config';
import { WAF_REGION, WafStack } from './waf-stack';
import { WebStack } from './web-stack';

export interface ServiceStacks {
  readonly data: DataStack;
  readonly mail: MailStack;
  readonly api: ApiStack;
  /** Absent while the manifest has no jobs: CloudFormation rejects a stack without resources. */
  readonly jobs?: JobsStack;
  readonly web: WebStack;
  readonly waf: WafStack;
  readonly firstRun: FirstRunStack;
  readonly monitoring: MonitoringStack;
}

/**
 * Every stack of one stage, named `exchange-<stage>-<part>` so `cdk deploy 'exchange-dev-*'`
 * deploys a stage. Pinned to the stage's region (and account, where given: prod requires one);
 * `cdk synth` still needs no AWS account.
 */
export function buildService(app: App, config: ServiceConfig): ServiceStacks {
  const name = (part: string) => `exchange-${config.stage}-${part}`;
  Tags.of(app).add('service', 'exchange');
  Tags.of(app).add('stage', config.stage);

  const data = new DataStack(app, name('data'), {
    config,
    env: config.env,
    description: 'Exchange: single DynamoDB table',
  });
  const mail = new MailStack(app, name('mail'), {
    config,
    env: config.env,
    description: 'Exchange: SES identity and configuration set, outbox sender, bounce and complaint handler',
    table: data.table,
    workers,
  });
  const api = new ApiStack(app, name('api'), {
    config,
    env: config.env,
    description: 'Exchange: HTTP API and its functions',
    table: data.table,
  });
  const jobsStack =
    Object.keys(jobs).length > 0
      ? new JobsStack(app, name('jobs'), {
          config,
          env: config.env,
          description: 'Exchange: scheduled jobs',
          jobs,
          table: data.table,
        })
      : undefined;
  // CloudFront's web ACL must be in us-east-1; its ARN reaches the web stack across regions.
  const waf = new WafStack(app, name('waf'), {
    config,
    env: { account: config.env.account, region: WAF_REGION },
    crossRegionReferences: true,
    description: 'Exchange: WAF web ACL of the CloudFront distribution (us-east-1)',
  });
  const web = new WebStack(app, name('web'), {
    config,
    env: config.env,
    crossRegionReferences: true,
    webAclArn: waf.webAcl.attrArn,
    description: 'Exchange: CloudFront, site bucket and security headers',
    httpApi: api.httpApi,
    originSecret: api.originSecret,
  });
  const firstRun = new FirstRunStack(app, name('first-run'), {
    config,
    env: config.env,
    description: 'Exchange: deploy-time seed and first SUPER_ADMIN',
    table: data.table,
  });
  firstRun.addStackDependency(web);
  // The first SUPER_ADMIN's invitation leaves through the outbox: the sender must be there.
  firstRun.addStackDependency(mail);
  const monitoring = new MonitoringStack(app, name('monitoring'), {
    config,
    env: config.env,
    description: 'Exchange: alarms, their SNS topic and the dashboard',
    httpApi: api.httpApi,
    table: data.table,
    expiryJob: jobsStack?.functions.get('expireStale'),
    deadLetterQueues: [...(jobsStack?.deadLetterQueues.values() ?? []), ...mail.deadLetterQueues.values()],
  });
  return { data, mail, api, jobs: jobsStack, web, waf, firstRun, monitoring };
}

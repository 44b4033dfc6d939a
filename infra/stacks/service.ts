import { jobs, liveSocket, routeAreas, workers } from '@functions/routes/manifest';
import type { JobDefinition, WorkerDefinition } from '@shared/routes/definition';
import { type App, Tags } from 'aws-cdk-lib';
import { deadLetterQueueName, nameQueue } from '../physical-names';
import {
  API_ROUTE_GROUPS,
  type ApiRouteGroup,
  ApiRoutesStack,
  type RouteAreas,
  routesOfGroup,
} from './api-routes-stack';
import { ApiStack } from './api-stack';
import { ApiStageStack } from './api-stage-stack';
import { BackupCopyStack } from './backup-copy-stack';
import { DataStack } from './data-stack';
import { EdgeMonitoringStack, edgeAlarmPrefix } from './edge-monitoring-stack';
import { ExportsStack } from './exports-stack';
import { FirstRunStack } from './first-run-stack';
import { GatewayLogsStack } from './gateway-logs-stack';
import { JobsStack } from './jobs-stack';
import { LiveStack } from './live-stack';
import { MailStack } from './mail-stack';
import { MonitoringStack } from './monitoring-stack';
import type { ServiceConfig } from './service-config';
import { WAF_REGION, WafStack } from './waf-stack';
import { WebStack } from './web-stack';

export interface ServiceStacks {
  readonly data: DataStack;
  /** API Gateway's CloudWatch Logs role, the region's account setting: before every stage that logs. */
  readonly gatewayLogs: GatewayLogsStack;
  /** The vault in the backup region (stages with a backup plan). */
  readonly backupCopy?: BackupCopyStack;
  readonly mail: MailStack;
  /** The export worker of the transaction history. */
  readonly exports: ExportsStack;
  /** Live push: the WebSocket API, its handlers and the fan-out on the table's stream. */
  readonly live: LiveStack;
  readonly api: ApiStack;
  /** The route stacks, by group (api-routes-stack.ts). */
  readonly apiRoutes: Readonly<Record<ApiRouteGroup, ApiRoutesStack>>;
  readonly apiStage: ApiStageStack;
  /** Absent while the manifest has no jobs: CloudFormation rejects a stack without resources. */
  readonly jobs?: JobsStack;
  readonly web: WebStack;
  readonly waf: WafStack;
  readonly edgeMonitoring: EdgeMonitoringStack;
  readonly firstRun: FirstRunStack;
  readonly monitoring: MonitoringStack;
}

/** What the stacks deploy from the manifest (functions/routes/manifest.ts). */
export interface ServiceManifest {
  readonly routeAreas: RouteAreas;
  readonly jobs: Readonly<Record<string, JobDefinition>>;
  readonly workers: Readonly<Record<string, WorkerDefinition>> & {
    readonly liveFanOut: WorkerDefinition;
    readonly prepareExport: WorkerDefinition;
  };
  readonly liveSocket: typeof liveSocket;
}

export const SERVICE_MANIFEST: ServiceManifest = { routeAreas, jobs, workers, liveSocket };

/**
 * Every stack of one stage, named `exchange-<stage>-<part>` so `cdk deploy 'exchange-dev-*'`
 * deploys a stage. Pinned to the stage's region (and account, where given: prod requires one);
 * `cdk synth` still needs no AWS account. Stacks find the table through SSM parameters the data
 * stack writes (constructs/stage-table.ts), not through exports, so a restored table can be switched in.
 */
export function buildService(
  app: App,
  config: ServiceConfig,
  manifest: ServiceManifest = SERVICE_MANIFEST,
): ServiceStacks {
  const { jobs, workers, liveSocket } = manifest;
  const name = (part: string) => `exchange-${config.stage}-${part}`;
  Tags.of(app).add('service', 'exchange');
  Tags.of(app).add('stage', config.stage);
  const env = config.env;
  const inRegion = (region: string) => ({ account: env.account, region });

  const backup = config.settings.backup;
  // In the backup region itself (after the loss of the stage's own) there is no other region to
  // copy to, and the copy vault's stack is left as it is: it holds the copies, locked.
  const backupCopy =
    backup && !config.inCopyRegion
      ? new BackupCopyStack(app, name('backup-copy'), {
          config,
          env: inRegion(backup.copyRegion),
          description: `Exchange: vault for the table's daily backup copies (${backup.copyRegion})`,
        })
      : undefined;
  const data = new DataStack(app, name('data'), {
    config,
    env,
    crossRegionReferences: backupCopy !== undefined,
    description: config.inCopyRegion
      ? 'Exchange: the backup plan of the table restored from the copies, the uploads bucket'
      : 'Exchange: single DynamoDB table, its SSM parameters and backup plan',
    backupCopyVault: backupCopy?.vault,
  });
  const gatewayLogs = new GatewayLogsStack(app, name('gateway-logs'), {
    env,
    description: "Exchange: API Gateway's CloudWatch Logs role, the region's account setting",
  });
  const afterData = <T extends { addStackDependency: (stack: DataStack) => void }>(stack: T) => {
    stack.addStackDependency(data);
    return stack;
  };
  const api = new ApiStack(app, name('api'), {
    config,
    env,
    description: 'Exchange: HTTP API, its secrets, the origin authorizer and the fallback',
  });
  const mail = afterData(
    new MailStack(app, name('mail'), {
      config,
      env,
      description:
        'Exchange: SES identity and configuration set, outbox sender, bounce and complaint handler',
      workers,
      // The outbox sender also sends the bot's messages: it reads the api stack's Telegram secrets.
      telegram: api.resources.telegram ?? false,
    }),
  );
  const exportsStack = afterData(
    new ExportsStack(app, name('exports'), {
      config,
      env,
      description: "Exchange: the export worker (the transaction history's files, in the uploads bucket)",
      worker: workers.prepareExport,
    }),
  );
  const live = afterData(
    new LiveStack(app, name('live'), {
      config,
      env,
      description: 'Exchange: live push (WebSocket API, its handlers, the fan-out on the table stream)',
      socketRoutes: liveSocket,
      fanOut: workers.liveFanOut,
    }),
  );
  // Its WebSocket stage has an access log: API Gateway refuses it until the account names a role.
  live.addStackDependency(gatewayLogs);
  const apiRoutes = Object.fromEntries(
    (Object.keys(API_ROUTE_GROUPS) as ApiRouteGroup[]).map((group) => [
      group,
      afterData(
        new ApiRoutesStack(app, name(`api-${group}`), {
          config,
          env,
          description: `Exchange: API routes (${API_ROUTE_GROUPS[group].join(', ')})`,
          group,
          routes: routesOfGroup(group, manifest.routeAreas),
          httpApi: api.httpApi,
          authorizer: api.authorizer,
          resources: { ...api.resources, live: { url: live.url, management: live.managementForRoutes } },
        }),
      ),
    ]),
  ) as Record<ApiRouteGroup, ApiRoutesStack>;
  const allRoutes = new Map(
    Object.entries(apiRoutes).flatMap(([group, stack]) =>
      routesOfGroup(group as ApiRouteGroup, manifest.routeAreas).map(([routeId, definition]) => [
        routeId,
        { route: stack.routes.get(routeId)!, definition },
      ]),
    ),
  );
  const apiStage = new ApiStageStack(app, name('api-stage'), {
    config,
    env,
    description: "Exchange: the API's stage, its limits and access log, its custom domain",
    httpApi: api.httpApi,
    routes: allRoutes,
  });
  // An HTTP API's access log goes through CloudWatch Logs' log delivery, not that role, but every
  // stage that logs comes after it, so no future logging setting can meet an unset account.
  apiStage.addStackDependency(gatewayLogs);
  const jobsStack =
    Object.keys(jobs).length > 0
      ? afterData(
          new JobsStack(app, name('jobs'), {
            config,
            env,
            description: 'Exchange: scheduled jobs',
            jobs,
            tron: api.resources.tron,
            aml: api.resources.aml,
            telegram: api.resources.telegram,
          }),
        )
      : undefined;
  // The names the monitoring stack finds the jobs' dead-letter queues by (physical-names.ts).
  for (const [jobId, queue] of jobsStack?.deadLetterQueues ?? [])
    nameQueue(queue, deadLetterQueueName(config.stage, jobId));
  // CloudFront's web ACL must be in us-east-1; its ARN reaches the web stack across regions.
  const waf = new WafStack(app, name('waf'), {
    config,
    env: inRegion(WAF_REGION),
    crossRegionReferences: true,
    description: 'Exchange: WAF web ACL of the CloudFront distribution (us-east-1)',
  });
  const web = new WebStack(app, name('web'), {
    config,
    env,
    crossRegionReferences: true,
    webAclArn: waf.webAcl.attrArn,
    description: 'Exchange: CloudFront, site bucket and security headers',
    httpApi: api.httpApi,
    apiCustomDomain: apiStage.domain?.regionalDomainName,
    originSecret: api.originSecret,
    liveUrl: live.url,
  });
  const edgeMonitoring = new EdgeMonitoringStack(app, name('edge-monitoring'), {
    config,
    env: inRegion(WAF_REGION),
    crossRegionReferences: true,
    description: 'Exchange: CloudFront and WAF alarms (us-east-1), forwarded to the alarm topic',
    distributionId: web.distribution.distributionId,
    webAclName: waf.webAclName,
    alarmRegion: config.settings.region,
  });
  const firstRun = afterData(
    new FirstRunStack(app, name('first-run'), {
      config,
      env,
      description: 'Exchange: deploy-time seed and first SUPER_ADMIN',
    }),
  );
  firstRun.addStackDependency(web);
  // The first SUPER_ADMIN's invitation leaves through the outbox: the sender must be there.
  firstRun.addStackDependency(mail);
  const monitoring = afterData(
    new MonitoringStack(app, name('monitoring'), {
      config,
      env,
      description: 'Exchange: alarms, their SNS topic and the dashboard',
      httpApi: api.httpApi,
      // From the manifest, not the stacks: monitoring finds their queues and functions by name.
      jobs,
      workers,
      edgeAlarmPrefix: edgeAlarmPrefix(config.stage),
    }),
  );
  return {
    data,
    gatewayLogs,
    backupCopy,
    mail,
    exports: exportsStack,
    live,
    api,
    apiRoutes,
    apiStage,
    jobs: jobsStack,
    web,
    waf,
    edgeMonitoring,
    firstRun,
    monitoring,
  };
}

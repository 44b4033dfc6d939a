import { METRICS_NAMESPACE } from '@functions/commons/metrics';
import type { RouteDefinition } from '@shared/routes/definition';
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  ApiMapping,
  type CfnStage,
  DomainName,
  type HttpApi,
  type HttpRoute,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { FilterPattern, LogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { ServiceConfig } from './service-config';

/**
 * One line per request. `requestId` is also the `apiRequestId` of the function's log lines, and
 * `lambdaRequestId` their `requestId`, so a request can be traced either way. (`npm run bench`
 * fills it in to price the access log's bytes.)
 */
export const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  lambdaRequestId: '$context.integration.requestId',
  requestTime: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  method: '$context.httpMethod',
  path: '$context.path',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
} as const;
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS));

/** The metric the access log's 429 lines become (HTTP APIs publish 4xx, not 429 apart). */
export const THROTTLED_METRIC = 'ApiThrottled';

export interface ApiStageStackProps extends StackProps {
  readonly config: ServiceConfig;
  readonly httpApi: HttpApi;
  /**
   * Every route of the route stacks, by route id, with its manifest entry: the stage's per-route
   * limits name some of them.
   */
  readonly routes: ReadonlyMap<string, { readonly route: HttpRoute; readonly definition: RouteDefinition }>;
}

/**
 * The API's `$default` stage, deployed after the route stacks: its limits (the stage's, and the
 * stricter one of each route marked `throttle: 'auth'`, which CloudFormation accepts only once the
 * route exists), its access log, and, with `apiCertificateArn`, the regional custom domain
 * CloudFront reaches the API by (the execute-api endpoint is then off: docs/decisions.md).
 */
export class ApiStageStack extends Stack {
  readonly stage: HttpStage;
  readonly accessLogs: LogGroup;
  /** The regional custom domain, when the stage has one. */
  readonly domain?: DomainName;

  constructor(scope: Construct, id: string, props: ApiStageStackProps) {
    super(scope, id, props);
    const { config, httpApi } = props;
    const { settings } = config;

    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: settings.logRetention,
      removalPolicy: settings.removalPolicy,
    });
    // The stage throttle answers 429 before any function runs: only the access log sees it.
    new MetricFilter(this, 'ThrottledRequests', {
      logGroup: this.accessLogs,
      filterPattern: FilterPattern.numberValue('$.status', '=', 429),
      metricNamespace: METRICS_NAMESPACE,
      metricName: THROTTLED_METRIC,
      metricValue: '1',
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: settings.throttle.api,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: ACCESS_LOG_FORMAT,
      },
    });
    const throttled = [...props.routes.values()].filter(({ definition }) => definition.throttle === 'auth');
    (this.stage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
      throttled.map(({ definition }) => [
        `${definition.method} ${definition.path}`,
        {
          ThrottlingRateLimit: settings.throttle.authRoute.rateLimit,
          ThrottlingBurstLimit: settings.throttle.authRoute.burstLimit,
        },
      ]),
    );
    for (const { route } of throttled) this.stage.node.addDependency(route);

    if (config.apiCertificateArn && config.siteDomain) {
      // The API's own name is the site's: CloudFront forwards the viewer's Host, so TLS and routing
      // to this domain work only through it, and no DNS record points here (docs/decisions.md).
      this.domain = new DomainName(this, 'Domain', {
        domainName: config.siteDomain,
        certificate: Certificate.fromCertificateArn(this, 'Certificate', config.apiCertificateArn),
      });
      new ApiMapping(this, 'Mapping', { api: httpApi, domainName: this.domain, stage: this.stage });
      new CfnOutput(this, 'ApiOrigin', {
        description: "CloudFront's origin for /api/* (the API's regional custom domain; no DNS record)",
        value: this.domain.regionalDomainName,
      });
    }
  }
}

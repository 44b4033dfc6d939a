import type { Access } from '@functions/routes/definition';
import { allRoutes, fallbackRoute } from '@functions/routes/manifest';
import { CfnOutput, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import type { ApiFunction } from '../constructs/api-function';
import { constructIdFor, type ManifestResources, manifestFunction } from '../constructs/manifest-function';
import { removalPolicyFor, type ServiceConfig } from './service-config';

export interface ApiStackProps extends StackProps {
  readonly config: ServiceConfig;
  readonly table: ITable;
  readonly mailIdentity: IEmailIdentity;
}

/** Per-stage request limits: a ceiling against abuse and runaway cost, far above normal traffic. */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

/**
 * One line per request. `requestId` is also the `apiRequestId` of the function's log lines, and
 * `lambdaRequestId` their `requestId`, so a request can be traced either way.
 */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
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
  }),
);

/** Why a route has no gateway authorizer, from its manifest access level. */
function authorizationReason(access: Access): string {
  if (access === 'public') return 'Public endpoint by design: anyone may call it without an account.';
  return (
    `Authorized in the function: the handler pipeline verifies the HS256 access JWT (issuer, audience, ` +
    `expiry, pinned algorithm) and requires access "${access}"; a gateway JWT authorizer cannot check roles.`
  );
}

/**
 * The HTTP API: one function and one route per manifest entry, and the manifest's fallback on
 * `$default` so unknown paths and methods still answer with the JSON envelope.
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  /** Keyed by route id; the fallback is under `$default`. */
  readonly functions = new Map<string, ApiFunction>();

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    const removalPolicy = removalPolicyFor(config);

    const jwtSecret = new Secret(this, 'JwtSigningKey', {
      description: 'HS256 signing key of the access tokens',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy,
    });
    Validations.of(jwtSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Automatic rotation of the HS256 key would end every session at once on a schedule, and the key grants ' +
        'no access to another system; it is rotated by hand (put a new value; access tokens live 15 minutes).',
    });

    const mfaKey = new Secret(this, 'MfaSealingKey', {
      description: 'Key that seals the staff second-factor (TOTP) secrets at rest',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy,
    });
    Validations.of(mfaKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotating this key would make every stored TOTP secret unreadable: the sealed secrets are not re-encrypted, ' +
        'so a rotation is a planned operation (reset every second factor), not a schedule.',
    });

    const resources: ManifestResources = {
      siteUrl: config.siteUrl,
      jwtSecret,
      mfaKey,
      removalPolicy,
      table: props.table,
      mail: { identity: props.mailIdentity, from: config.mailFrom },
      marketDataUrl: config.marketDataUrl,
    };

    const fallback = manifestFunction(
      this,
      'FallbackFunction',
      { ...fallbackRoute, description: 'Unknown path or method' },
      resources,
    );
    this.functions.set('$default', fallback);

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy,
    });
    const httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `exchange-${config.stage}`,
      description: 'Currency exchange API, reached through CloudFront at /api/*',
      createDefaultStage: false,
      defaultIntegration: new HttpLambdaIntegration('FallbackIntegration', fallback),
    });
    httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: ACCESS_LOG_FORMAT },
    });
    Validations.of(httpApi).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason: '$default only answers the 404/405 envelope; there is nothing to authorize.',
    });

    for (const [routeId, route] of allRoutes) {
      const name = constructIdFor(routeId);
      const fn = manifestFunction(
        this,
        `${name}Function`,
        {
          handler: route.handler,
          access: route.access,
          uses: route.uses,
          description: `${route.method} ${route.path}`,
        },
        resources,
      );
      const httpRoute = new HttpRoute(this, `${name}Route`, {
        httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${name}Integration`, fn),
      });
      Validations.of(httpRoute).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: authorizationReason(route.access),
      });
      this.functions.set(routeId, fn);
    }
    this.httpApi = httpApi;

    new CfnOutput(this, 'ApiEndpoint', {
      description: 'Direct API endpoint (the site reaches it through CloudFront at /api/*)',
      value: httpApi.apiEndpoint,
    });
  }
}

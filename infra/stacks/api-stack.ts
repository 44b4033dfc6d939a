import type { Access } from '@functions/routes/definition';
import { allRoutes, fallbackRoute, type RouteId, routes } from '@functions/routes/manifest';
import { CfnOutput, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { ApiFunction } from '../constructs/api-function';
import { constructIdFor, type ManifestResources, manifestFunction } from '../constructs/manifest-function';
import type { ServiceConfig } from './service-config';

export interface ApiStackProps extends StackProps {
  readonly config: ServiceConfig;
  readonly table: ITable;
}

/** Routes that run bcrypt: they get the stage's `memoryMb.passwordHashing` (docs/decisions.md). */
export const PASSWORD_HASHING_ROUTES = [
  'authRegister',
  'authLogin',
  'authChangePassword',
  'authResetPassword',
] as const satisfies readonly RouteId[];

/** Routes that hash a password or send a mail to any address: each has the stage's `authRoute` limit. */
export const AUTH_THROTTLED_ROUTES = [
  'authRegister',
  'authLogin',
  'authForgotPassword',
  'authResendVerification',
] as const satisfies readonly RouteId[];

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
  /** The value CloudFront sends in the origin header; every API function requires it. */
  readonly originSecret: Secret;
  /** Keyed by route id; the fallback is under `$default`. */
  readonly functions = new Map<string, ApiFunction>();

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    const { settings } = config;
    const { removalPolicy } = settings;

    /** A random secret that is rotated by hand, and why (cdk-nag AwsSolutions-SMG4). */
    const handRotatedSecret = (id: string, description: string, length: number, whyNotScheduled: string) => {
      const secret = new Secret(this, id, {
        description,
        generateSecretString: { passwordLength: length, excludePunctuation: true },
        removalPolicy,
      });
      Validations.of(secret).acknowledge({ id: 'AwsSolutions-SMG4', reason: whyNotScheduled });
      return secret;
    };
    const jwtSecret = handRotatedSecret(
      'JwtSigningKey',
      'HS256 signing key of the access tokens',
      64,
      'Rotated by hand with put-secret-value (docs/operations.md), which labels the new value AWSCURRENT and the ' +
        'old one AWSPREVIOUS: tokens name their key version in kid, functions (re-reading both every 5 minutes) ' +
        'accept either and sign with a new key only 10 minutes after it was put, so a rotation logs nobody out. ' +
        'A schedule would need a rotation function this stack does not deploy, and two rotations less than ' +
        '25 minutes apart would refuse the tokens of the key dropped (their web app refreshes once).',
    );
    const mfaKey = handRotatedSecret(
      'MfaSealingKey',
      'Key that seals the staff second-factor (TOTP) secrets at rest',
      64,
      'Rotating this key would make every stored TOTP secret unreadable: the sealed secrets are not re-encrypted, ' +
        'so a rotation is a planned operation (reset every second factor), not a schedule.',
    );
    const originSecret = handRotatedSecret(
      'OriginSecret',
      'Value of the origin header CloudFront adds to API requests',
      48,
      'CloudFront and the functions take the value at deploy time (dynamic references), so a scheduled rotation ' +
        'would not reach them; docs/operations.md describes rotating it by hand with a deploy.',
    );
    this.originSecret = originSecret;
    // Resolved by CloudFormation at deploy: the value is in no template, only in the functions' configuration.
    const originSecretValue = originSecret.secretValue.unsafeUnwrap();

    const resources: ManifestResources = {
      siteUrl: config.siteUrl,
      jwtSecret,
      mfaKey,
      stage: settings,
      table: props.table,
      marketDataUrl: config.marketDataUrl,
    };

    const fallback = manifestFunction(
      this,
      'FallbackFunction',
      { ...fallbackRoute, description: 'Unknown path or method' },
      resources,
    );
    fallback.addEnvironment('ORIGIN_SECRET', originSecretValue);
    this.functions.set('$default', fallback);

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: settings.logRetention,
      removalPolicy,
    });
    const httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `exchange-${config.stage}`,
      description: 'Currency exchange API, reached through CloudFront at /api/*',
      createDefaultStage: false,
      defaultIntegration: new HttpLambdaIntegration('FallbackIntegration', fallback),
    });
    const stage = httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: settings.throttle.api,
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
          ...((PASSWORD_HASHING_ROUTES as readonly RouteId[]).includes(routeId)
            ? { memorySize: settings.memoryMb.passwordHashing }
            : {}),
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
      fn.addEnvironment('ORIGIN_SECRET', originSecretValue);
      this.functions.set(routeId, fn);
      // The stage's per-route limits name routes by key, which must exist when the stage is updated.
      if ((AUTH_THROTTLED_ROUTES as readonly RouteId[]).includes(routeId))
        stage.node.addDependency(httpRoute);
    }
    (stage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
      AUTH_THROTTLED_ROUTES.map((routeId) => [
        `${routes[routeId].method} ${routes[routeId].path}`,
        {
          ThrottlingRateLimit: settings.throttle.authRoute.rateLimit,
          ThrottlingBurstLimit: settings.throttle.authRoute.burstLimit,
        },
      ]),
    );
    this.httpApi = httpApi;

    new CfnOutput(this, 'ApiEndpoint', {
      description: 'Direct API endpoint (the site reaches it through CloudFront at /api/*)',
      value: httpApi.apiEndpoint,
    });
  }
}

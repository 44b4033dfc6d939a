import { type RouteArea, routeAreas } from '@functions/routes/manifest';
import type { RouteDefinition } from '@shared/routes/definition';
import { Stack, type StackProps } from 'aws-cdk-lib';
import { type HttpApi, HttpMethod, HttpRoute, HttpRouteKey } from 'aws-cdk-lib/aws-apigatewayv2';
import type { HttpLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import type { ApiFunction } from '../constructs/api-function';
import { CanaryRollouts } from '../constructs/canary';
import { constructIdFor, type ManifestResources, manifestFunction } from '../constructs/manifest-function';
import { stageTable } from '../constructs/stage-table';
import { workerFunctionName } from '../physical-names';
import { siteBucketName } from '../site-bucket';
import { nagPrinted, uploadsBucketName } from '../uploads-bucket';
import { EXPORT_WORKER } from './exports-stack';
import type { ServiceConfig } from './service-config';

/**
 * Which route areas (the modules of shared/routes/) each route stack deploys. A route is
 * declared once, in its area; this table only places areas. Each stack stays well under
 * CloudFormation's 500 resources (the synth-time check of infra/template-limits.ts stops a synth at
 * 450): a route costs about nine resources, eleven with a canary.
 */
export const API_ROUTE_GROUPS = {
  accounts: ['auth', 'mfa', 'profile', 'verification'],
  public: ['system', 'geo', 'rates', 'market', 'export', 'siteContent'],
  client: ['applications', 'notifications', 'messages', 'live', 'telegram', 'partners'],
  admin: [
    'adminUsers',
    'shifts',
    'adminApplications',
    'dashboard',
    'settings',
    'reserves',
    'paymentTemplates',
    'transactions',
    'chain',
    'security',
  ],
  // The books' routes, the audit trail's, the exports', the deal's money, the reports and the
  // blacklists: the admin
  // stack had no room left under the limit for them.
  books: ['ledger', 'audit', 'transactionExports', 'dealMoney', 'reports', 'blacklist'],
} as const satisfies Record<string, readonly RouteArea[]>;

export type ApiRouteGroup = keyof typeof API_ROUTE_GROUPS;

/** The route areas the stacks deploy: the manifest's, or a test's smaller one. */
export type RouteAreas = Readonly<Record<RouteArea, Readonly<Record<string, RouteDefinition>>>>;

/** The routes of a group, by route id. */
export function routesOfGroup(
  group: ApiRouteGroup,
  areas: RouteAreas = routeAreas,
): Array<[string, RouteDefinition]> {
  return API_ROUTE_GROUPS[group].flatMap((area) => Object.entries(areas[area]));
}

export interface ApiRoutesStackProps extends StackProps {
  readonly config: ServiceConfig;
  readonly group: ApiRouteGroup;
  /** The group's routes, by route id (`routesOfGroup`). */
  readonly routes: ReadonlyArray<[string, RouteDefinition]>;
  readonly httpApi: HttpApi;
  readonly authorizer: HttpLambdaAuthorizer;
  readonly resources: ManifestResources;
}

/**
 * One group of routes: a function per route (invoked through its `live` alias) and its HTTP API
 * route behind the origin authorizer; routes marked `rollout: 'canary'` shift to a new version by
 * CodeDeploy (constructs/canary.ts).
 */
export class ApiRoutesStack extends Stack {
  /** Keyed by route id. */
  readonly functions = new Map<string, ApiFunction>();
  readonly routes = new Map<string, HttpRoute>();

  constructor(scope: Construct, id: string, props: ApiRoutesStackProps) {
    super(scope, id, props);
    const { settings } = props.config;
    const { stage } = props.config;
    const resources: ManifestResources = {
      ...props.resources,
      table: stageTable(this, stage),
      uploads: {
        bucketName: uploadsBucketName(this, stage),
        nagObjects: (prefix) => nagPrinted(this, stage, `${prefix}*`),
      },
      sitePages: {
        bucketName: siteBucketName(this, stage),
        nagObjects: (pattern) => nagPrinted(this, stage, pattern, 'site'),
      },
      exportWorkerName: workerFunctionName(stage, EXPORT_WORKER),
    };
    let canaries: CanaryRollouts | undefined;
    for (const [routeId, route] of props.routes) {
      const name = constructIdFor(routeId);
      const fn = manifestFunction(
        this,
        `${name}Function`,
        {
          handler: route.handler,
          access: route.access,
          uses: route.uses,
          description: `${route.method} ${route.path}`,
          ...(route.passwordHashing ? { memorySize: settings.memoryMb.passwordHashing } : {}),
        },
        resources,
      );
      const httpRoute = new HttpRoute(this, `${name}Route`, {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${name}Integration`, fn.live),
        authorizer: props.authorizer,
      });
      if (route.rollout === 'canary') {
        canaries ??= new CanaryRollouts(this, 'Canary', {
          stage: settings,
          siteUrl: props.config.siteUrl,
          rollout: props.config.rollout ?? 'canary',
        });
        canaries.add(name, fn, route);
      }
      this.functions.set(routeId, fn);
      this.routes.set(routeId, httpRoute);
    }
  }
}

import { allRoutes } from '@functions/routes/manifest';
import { ApiFunction } from '@infra/constructs/api-function';
import { CanaryRollouts } from '@infra/constructs/canary';
import { STAGES } from '@infra/stacks/stages';
import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnDeploymentGroup } from 'aws-cdk-lib/aws-codedeploy';
import type { CfnRole } from 'aws-cdk-lib/aws-iam';
import type { CfnAlias, CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiFunctions, PROD_CONTEXT, type SynthesizedService, synthesizeService } from './synth';

type Resource = {
  Type: string;
  Properties: Record<string, unknown>;
  UpdatePolicy?: { CodeDeployLambdaAliasUpdate?: Record<string, { Ref: string }> };
  DependsOn?: string[];
};

interface Statement {
  Action: string | string[];
  Resource: unknown;
}

let prod: SynthesizedService;

const canaryRoutes = allRoutes.filter(([, route]) => route.rollout === 'canary');

/** The canary routes of each route stack, by stack. */
function canaryStacks() {
  const functions = apiFunctions(prod);
  const byStack = new Map<Stack, Array<{ routeId: string; fn: ApiFunction }>>();
  for (const [routeId] of canaryRoutes) {
    const { stack, fn } = functions.get(routeId)!;
    byStack.set(stack, [...(byStack.get(stack) ?? []), { routeId, fn }]);
  }
  return byStack;
}

/** The logical id of `fn`'s current version as synthesized (CDK appends the function's hash). */
function versionIdOf(stack: Stack, fn: ApiFunction): string {
  const fnId = stack.getLogicalId(fn.node.defaultChild as CfnFunction);
  const resources = prod.template(stack).toJSON().Resources as Record<string, Resource>;
  const ids = Object.keys(resources).filter(
    (id) =>
      resources[id]!.Type === 'AWS::Lambda::Version' &&
      (resources[id]!.Properties.FunctionName as { Ref?: string }).Ref === fnId,
  );
  expect(ids).toHaveLength(1);
  return ids[0]!;
}

function hookOf(stack: Stack): ApiFunction {
  return stack.node.findAll().find((node) => node.node.id === 'PreTrafficCheck') as ApiFunction;
}

function statementsOfRole(stack: Stack, role: CfnRole): Statement[] {
  const roleId = stack.getLogicalId(role);
  return Object.values(prod.template(stack).toJSON().Resources as Record<string, Resource>)
    .filter(
      (r) =>
        r.Type === 'AWS::IAM::Policy' &&
        (r.Properties.Roles as Array<{ Ref: string }>).some((ref) => ref.Ref === roleId),
    )
    .flatMap((r) => (r.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}

/** A joined template string as text, each reference written `<logical id>`. */
function withRefsNamed(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (join) return join[1].map(withRefsNamed).join(join[0]);
  const ref = (value as { Ref?: string }).Ref;
  if (ref) return `<${ref}>`;
  throw new Error(`Not a joined string: ${JSON.stringify(value)}`);
}

const actionsOf = (statement: Statement) =>
  typeof statement.Action === 'string' ? [statement.Action] : statement.Action;
const resourcesOf = (statement: Statement) =>
  Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];

beforeAll(() => {
  prod = synthesizeService({ context: PROD_CONTEXT });
});

describe('the canaries’ pre-traffic check', () => {
  it('runs before any traffic shifts in every canary deployment group', () => {
    expect(canaryStacks().size).toBeGreaterThanOrEqual(3);
    for (const [stack, routes] of canaryStacks()) {
      const resources = prod.template(stack).toJSON().Resources as Record<string, Resource>;
      const hookId = stack.getLogicalId(hookOf(stack).node.defaultChild as CfnFunction);
      for (const { routeId, fn } of routes) {
        const alias = resources[stack.getLogicalId(fn.live.node.defaultChild as CfnFunction)]!;
        expect(alias.UpdatePolicy?.CodeDeployLambdaAliasUpdate?.BeforeAllowTrafficHook, routeId).toEqual({
          Ref: hookId,
        });
        // CodeDeploy starts when CloudFormation updates the alias: the hook must know the new version by then.
        expect(alias.DependsOn, routeId).toContain(hookId);
      }
    }
  });

  it('calls each canary route’s version, and only those, with the refusal its access level must answer', () => {
    for (const [stack, routes] of canaryStacks()) {
      const hook = Template.fromStack(stack).toJSON().Resources[
        stack.getLogicalId(hookOf(stack).node.defaultChild as CfnFunction)
      ] as Resource;
      const checks = JSON.parse(
        withRefsNamed(
          (hook.Properties.Environment as { Variables: Record<string, unknown> }).Variables.CHECKS,
        ),
      ) as Array<{ version: string; route: string; status: number }>;

      const expected = routes.map(({ routeId, fn }) => {
        const route = canaryRoutes.find(([id]) => id === routeId)![1];
        return {
          version: `<${versionIdOf(stack, fn)}>`,
          route: `${route.method} ${route.path}`,
          status: route.access === 'public' ? 400 : 401,
        };
      });
      const byRoute = (a: { route: string }, b: { route: string }) => a.route.localeCompare(b.route);
      expect(checks.sort(byRoute)).toEqual(expected.sort(byRoute));
    }
  });

  it('may invoke only the canary versions and report only to CodeDeploy', () => {
    for (const [stack, routes] of canaryStacks()) {
      const hook = hookOf(stack);
      const statements = statementsOfRole(stack, hook.role!.node.defaultChild as CfnRole);
      const actions = new Set(statements.flatMap(actionsOf));
      expect([...actions].sort()).toEqual([
        'codedeploy:PutLifecycleEventHookExecutionStatus',
        'lambda:InvokeFunction',
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        'xray:PutTelemetryRecords',
        'xray:PutTraceSegments',
      ]);
      const invoked = statements
        .filter((statement) => actionsOf(statement).includes('lambda:InvokeFunction'))
        .flatMap(resourcesOf);
      const versions = routes.map(({ fn }) => ({ Ref: versionIdOf(stack, fn) }));
      expect(invoked).toHaveLength(versions.length);
      expect(invoked).toEqual(expect.arrayContaining(versions));
      const reported = statements
        .filter((statement) =>
          actionsOf(statement).includes('codedeploy:PutLifecycleEventHookExecutionStatus'),
        )
        .flatMap(resourcesOf);
      expect(reported).toHaveLength(routes.length);
      for (const resource of reported) expect(JSON.stringify(resource)).toContain(':deploymentgroup:');
    }
  });

  it('keeps its list of checks within Lambda’s 4 KB of environment, whatever the names', () => {
    const longName = `arn:aws:lambda:eu-central-1:123456789012:function:${'x'.repeat(64)}:9999`;
    for (const [stack] of canaryStacks()) {
      const hook = Template.fromStack(stack).toJSON().Resources[
        stack.getLogicalId(hookOf(stack).node.defaultChild as CfnFunction)
      ] as Resource;
      const variables = (hook.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      const size = Object.entries(variables).reduce(
        (total, [name, value]) =>
          total + name.length + JSON.stringify(value).replace(/\{"Ref":"[^"]+"\}/g, longName).length,
        0,
      );
      expect(size, stack.stackName).toBeLessThan(4096);
    }
  });

  it('shifts all at once, still after the check, with -c rollout=all-at-once (the deploy after a table switch)', () => {
    // Built, not synthesized: staging the function's source would cost seconds for nothing.
    const stack = new Stack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'Routes');
    const canaries = new CanaryRollouts(stack, 'Canary', {
      stage: STAGES.prod,
      siteUrl: 'https://exchange.example.org',
      rollout: 'all-at-once',
    });
    const fn = new ApiFunction(stack, 'LoginFunction', {
      handlerModule: 'handlers/auth/login',
      siteUrl: 'https://exchange.example.org',
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const group = canaries.add('Login', fn, canaryRoutes.find(([id]) => id === 'authLogin')![1]);

    const cfnGroup = group.node.defaultChild as CfnDeploymentGroup;
    expect(stack.resolve(cfnGroup.deploymentConfigName)).toBe('CodeDeployDefault.LambdaAllAtOnce');
    const updatePolicy = stack.resolve((fn.live.node.defaultChild as CfnAlias).cfnOptions.updatePolicy) as {
      codeDeployLambdaAliasUpdate: { beforeAllowTrafficHook: unknown };
    };
    expect(updatePolicy.codeDeployLambdaAliasUpdate.beforeAllowTrafficHook).toEqual({
      Ref: stack.getLogicalId(canaries.preTrafficCheck.node.defaultChild as CfnFunction),
    });
  });
});

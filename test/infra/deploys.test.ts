import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { allRoutes } from '@functions/routes/manifest';
import {
  TEMPLATE_LIMITS,
  TemplateLimitsCheck,
  templateFigures,
  templateLimitViolations,
} from '@infra/template-limits';
import { App, CfnWaitConditionHandle, Stack, Validations } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiFunctions, PROD_CONTEXT, type SynthesizedService, synthesizeService } from './synth';

type Resource = { Type: string; Properties: Record<string, unknown>; UpdatePolicy?: Record<string, unknown> };

let dev: SynthesizedService;
let prod: SynthesizedService;

function allStacks(service: SynthesizedService): Stack[] {
  return service.app.node.findAll().filter((node): node is Stack => node instanceof Stack);
}

function resourcesOf(service: SynthesizedService, stack: Stack): Record<string, Resource> {
  return service.template(stack).toJSON().Resources as Record<string, Resource>;
}

beforeAll(() => {
  dev = synthesizeService();
  prod = synthesizeService({ context: PROD_CONTEXT });
});

describe('safe deploys', () => {
  it('publish every function of every stack as a version behind a live alias', () => {
    for (const stack of allStacks(prod)) {
      const resources = Object.values(resourcesOf(prod, stack));
      const ours = resources.filter(
        (r) => r.Type === 'AWS::Lambda::Function' && String(r.Properties.Handler) === 'index.handler',
      );
      const aliases = resources.filter((r) => r.Type === 'AWS::Lambda::Alias');
      expect(aliases.length, stack.stackName).toBe(ours.length);
      for (const alias of aliases) {
        expect(alias.Properties.Name).toBe('live');
        expect(JSON.stringify(alias.Properties.FunctionVersion)).toMatch(/CurrentVersion.*"Version"/);
      }
    }
  });

  it('keep old versions, so a rollback can point the alias back at one', () => {
    for (const stack of allStacks(prod)) {
      for (const version of Object.values(
        prod.template(stack).toJSON().Resources as Record<string, { Type: string; DeletionPolicy?: string }>,
      ).filter((r) => r.Type === 'AWS::Lambda::Version'))
        expect(version.DeletionPolicy, stack.stackName).toBe('Retain');
    }
  });

  it('invoke aliases only: routes, the authorizer, schedules, the stream and the first run never call $LATEST', () => {
    for (const stack of allStacks(prod)) {
      const resources = resourcesOf(prod, stack);
      const functionIds = new Set(
        Object.entries(resources)
          .filter(
            ([, r]) => r.Type === 'AWS::Lambda::Function' && String(r.Properties.Handler) === 'index.handler',
          )
          .map(([id]) => id),
      );
      const invokers = Object.values(resources).flatMap((r) => {
        if (r.Type === 'AWS::ApiGatewayV2::Integration') return [r.Properties.IntegrationUri];
        if (r.Type === 'AWS::ApiGatewayV2::Authorizer') return [r.Properties.AuthorizerUri];
        if (r.Type === 'AWS::Events::Rule')
          return ((r.Properties.Targets ?? []) as Array<{ Arn: unknown }>).map((t) => t.Arn);
        if (r.Type === 'AWS::Lambda::EventSourceMapping') return [r.Properties.FunctionName];
        if (r.Type === 'AWS::Lambda::EventInvokeConfig') return [r.Properties.Qualifier];
        return [];
      });
      for (const invoker of invokers) {
        const text = JSON.stringify(invoker);
        for (const id of functionIds) {
          expect(text, `${stack.stackName}: ${text}`).not.toMatch(
            new RegExp(`"(Ref|Fn::GetAtt)":\\[?"${id}"`),
          );
        }
      }
    }
  });

  it('shift exactly the canary routes by CodeDeploy, 10 % for 5 minutes, rolled back by their alarm', () => {
    const canaryRoutes = allRoutes.filter(([, route]) => route.rollout === 'canary').map(([id]) => id);
    expect(canaryRoutes.length).toBeGreaterThan(10);
    const functions = apiFunctions(prod);
    for (const [routeId, route] of allRoutes) {
      const { stack, fn } = functions.get(routeId)!;
      const resources = resourcesOf(prod, stack);
      const aliasId = stack.getLogicalId(fn.live.node.defaultChild as CfnFunction);
      const alias = resources[aliasId]!;
      if (route.rollout !== 'canary') {
        expect(alias.UpdatePolicy, routeId).toBeUndefined();
        continue;
      }
      const groupId = (
        alias.UpdatePolicy!.CodeDeployLambdaAliasUpdate as { DeploymentGroupName: { Ref: string } }
      ).DeploymentGroupName.Ref;
      const group = resources[groupId]!.Properties;
      expect(group.DeploymentConfigName, routeId).toBe('CodeDeployDefault.LambdaCanary10Percent5Minutes');
      expect(group.AutoRollbackConfiguration, routeId).toMatchObject({
        Enabled: true,
        Events: expect.arrayContaining(['DEPLOYMENT_STOP_ON_ALARM', 'DEPLOYMENT_FAILURE']),
      });
      const alarmId = (group.AlarmConfiguration as { Alarms: Array<{ Name: { Ref: string } }> }).Alarms[0]!
        .Name.Ref;
      const alarm = JSON.stringify(resources[alarmId]!.Properties);
      // The new version's own crashes and 500s.
      const versionId = stack.resolve(stack.getLogicalId(fn.currentVersion.node.defaultChild as CfnFunction));
      // (CDK appends the function's hash to the version's logical id when it synthesizes.)
      expect(alarm, routeId).toContain(`"Name":"ExecutedVersion","Value":{"Fn::GetAtt":["${versionId}`);
      expect(alarm, routeId).toContain('"MetricName":"ServerErrors"');
    }
  });
});

describe('template limits', () => {
  it('keep every template of both stages under our limits, with room', () => {
    for (const service of [dev, prod]) {
      const outdir = service.app.outdir;
      for (const file of readdirSync(outdir).filter((name) => name.endsWith('.template.json'))) {
        const figures = templateFigures(readFileSync(path.join(outdir, file), 'utf8'));
        expect(figures.resources, file).toBeLessThanOrEqual(TEMPLATE_LIMITS.resources);
        expect(figures.dynamicReferences, file).toBeLessThanOrEqual(TEMPLATE_LIMITS.dynamicReferences);
      }
    }
  });

  it('name a template over either limit', () => {
    const resources = Object.fromEntries(
      Array.from({ length: 451 }, (_, index) => [
        `Handle${index}`,
        { Type: 'AWS::CloudFormation::WaitConditionHandle' },
      ]),
    );
    const references = Array.from({ length: 51 }, () => '{{resolve:secretsmanager:arn:SecretString:::}}');
    const violations = templateLimitViolations([
      { path: '/out/big.template.json', text: JSON.stringify({ Resources: resources }) },
      {
        path: '/out/secrets.template.json',
        text: JSON.stringify({ Resources: {}, Outputs: { x: references } }),
      },
      { path: '/out/fine.template.json', text: JSON.stringify({ Resources: {} }) },
    ]);

    expect(violations.map((violation) => violation.ruleName)).toEqual([
      'template-resources',
      'template-dynamicReferences',
    ]);
    expect(violations[0]!.description).toContain('big.template.json has 451 resources');
  });

  it('stop a synth whose template is over the limit', () => {
    const app = new App({ outdir: mkdtempSync(path.join(inject('infraAssemblies'), 'limits-')) });
    const stack = new Stack(app, 'TooBig');
    for (let index = 0; index <= TEMPLATE_LIMITS.resources; index += 1)
      new CfnWaitConditionHandle(stack, `H${index}`);
    Validations.of(app).addPlugins(new TemplateLimitsCheck());

    expect(() => app.synth()).toThrow(/template-limits|Validation failed/);
  });
});

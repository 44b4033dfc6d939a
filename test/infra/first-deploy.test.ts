import type { CloudFormationStackArtifact } from 'aws-cdk-lib/cx-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROD_CONTEXT, type SynthesizedService, synthesizeService } from './synth';

/**
 * A first deploy into an empty account and region (docs/operations.md "4. First deploy"): API
 * Gateway refuses a WebSocket stage with an access log until the region's account setting names a
 * CloudWatch Logs role, so the stacks set it, and every stack with a stage that logs is deployed
 * after the one that does. Read from the synthesized assembly: its stack dependencies are the
 * order `cdk deploy` follows.
 */
type Resource = { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string };

let dev: SynthesizedService;
let prod: SynthesizedService;

beforeAll(() => {
  dev = synthesizeService();
  prod = synthesizeService({ context: PROD_CONTEXT });
});

function stacksOf(service: SynthesizedService): CloudFormationStackArtifact[] {
  // The app is synthesized already: this returns that assembly.
  return service.app.synth().stacks;
}

const resourcesOf = (stack: CloudFormationStackArtifact) =>
  Object.entries((stack.template as { Resources?: Record<string, Resource> }).Resources ?? {});

/** A REST, WebSocket or HTTP API stage that writes access or execution logs. */
function logs(resource: Resource): boolean {
  const properties = resource.Properties ?? {};
  if (resource.Type === 'AWS::ApiGatewayV2::Stage') {
    const route = properties.DefaultRouteSettings as { LoggingLevel?: string } | undefined;
    return properties.AccessLogSettings !== undefined || (route?.LoggingLevel ?? 'OFF') !== 'OFF';
  }
  if (resource.Type === 'AWS::ApiGateway::Stage')
    return properties.AccessLogSetting !== undefined || properties.MethodSettings !== undefined;
  return false;
}

/** Every stack a stack waits for, directly or through others. */
function dependenciesOf(stack: CloudFormationStackArtifact): Set<string> {
  const seen = new Set<string>();
  const visit = (artifact: CloudFormationStackArtifact) => {
    for (const dependency of artifact.dependencies) {
      if (seen.has(dependency.id)) continue;
      seen.add(dependency.id);
      visit(dependency as CloudFormationStackArtifact);
    }
  };
  visit(stack);
  return seen;
}

/** The stacks holding API Gateway's account setting. */
const accountStacks = (service: SynthesizedService) =>
  stacksOf(service).filter((stack) =>
    resourcesOf(stack).some(([, resource]) => resource.Type === 'AWS::ApiGateway::Account'),
  );

describe("a first deploy into an empty account: API Gateway's CloudWatch Logs role", () => {
  it('is set for the region by one stack of the stage, to a role API Gateway assumes and that may write logs', () => {
    for (const service of [dev, prod]) {
      const stacks = accountStacks(service);
      expect(stacks.map((stack) => stack.stackName)).toHaveLength(1);
      const resources = Object.fromEntries(resourcesOf(stacks[0]!));
      const [account] = Object.values(resources).filter((r) => r.Type === 'AWS::ApiGateway::Account');
      const roleId = (account!.Properties!.CloudWatchRoleArn as { 'Fn::GetAtt': [string, string] })[
        'Fn::GetAtt'
      ][0];
      const role = resources[roleId]!;

      expect(role.Type).toBe('AWS::IAM::Role');
      expect(JSON.stringify(role.Properties!.AssumeRolePolicyDocument)).toContain(
        '"Principal":{"Service":"apigateway.amazonaws.com"}',
      );
      expect(JSON.stringify(role.Properties!.ManagedPolicyArns)).toContain(
        ':iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs',
      );
    }
  });

  it('is in place before every stack with an API stage that logs (the WebSocket stage and the HTTP API stage)', () => {
    for (const service of [dev, prod]) {
      const [account] = accountStacks(service);
      expect(account, 'a stack holding AWS::ApiGateway::Account').toBeDefined();
      const logging = stacksOf(service).filter((stack) =>
        resourcesOf(stack).some(([, resource]) => logs(resource)),
      );
      expect(logging.map((stack) => stack.stackName).sort()).toEqual(
        [service.stacks.apiStage.stackName, service.stacks.live.stackName].sort(),
      );
      for (const stack of logging)
        expect(dependenciesOf(stack), `${stack.stackName} waits for ${account!.stackName}`).toContain(
          account!.id,
        );
    }
  });

  it('keeps the role and the setting when its stack is deleted: other stages and APIs of the region log through them', () => {
    for (const service of [dev, prod]) {
      const [account] = accountStacks(service);
      expect(account).toBeDefined();
      const kept = resourcesOf(account!).filter(([, resource]) =>
        ['AWS::ApiGateway::Account', 'AWS::IAM::Role'].includes(resource.Type),
      );
      expect(kept.map(([, resource]) => [resource.Type, resource.DeletionPolicy]).sort()).toEqual([
        ['AWS::ApiGateway::Account', 'Retain'],
        ['AWS::IAM::Role', 'Retain'],
      ]);
    }
  });
});

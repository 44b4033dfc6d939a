import { METRICS_NAMESPACE } from '@functions/commons/metrics';
import { expectedRefusal, type VersionCheck } from '@functions/deploy/synthetic-request';
import type { RouteDefinition } from '@shared/routes/definition';
import { Duration, Lazy, Stack, Validations } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { LambdaApplication, LambdaDeploymentConfig, LambdaDeploymentGroup } from 'aws-cdk-lib/aws-codedeploy';
import { Grant, ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { StageSettings } from '../stacks/stages';
import { ApiFunction } from './api-function';

/** How a canary route's new version goes live: 10 % of its requests for 5 minutes, then all. */
export const CANARY_CONFIG = LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES;

/**
 * How they go live with `-c rollout=all-at-once`: the deploy after a table switch, where the old
 * versions name a table their IAM no longer grants, so 90 % of 5 minutes on them would be refused.
 * The pre-traffic check still runs first.
 */
export const ALL_AT_ONCE_CONFIG = LambdaDeploymentConfig.ALL_AT_ONCE;

export type Rollout = 'canary' | 'all-at-once';

export interface CanaryRolloutsProps {
  /** Log group, removal policy and memory of the pre-traffic check's function. */
  readonly stage: StageSettings;
  readonly siteUrl: string;
  /** `canary` unless the deploy says `-c rollout=all-at-once` (service-config.ts). */
  readonly rollout: Rollout;
}

const MINUTE = Duration.minutes(1);

/**
 * CodeDeploy canaries for the routes marked `rollout: 'canary'` of one stack (the money and auth
 * routes): when a deploy publishes a new version of such a function, CloudFormation hands the
 * `live` alias to CodeDeploy, which sends the new version 10 % of the requests for 5 minutes and
 * moves the rest only if the version's alarm stayed quiet; otherwise it points the alias back at the
 * previous version by itself and the deploy fails (docs/operations.md "Deploying").
 *
 * Each version's alarm counts what that version did wrong: Lambda errors (crashes, timeouts) and
 * the 500s its error mapper answered (`ServerErrors`, written per function version by
 * functions/pipeline/middleware/error-mapper.ts; a 500 is a successful invocation to Lambda).
 */
export class CanaryRollouts extends Construct {
  readonly application: LambdaApplication;
  /**
   * CodeDeploy's BeforeAllowTraffic hook of every group here (functions/deploy/pre-traffic-check.ts):
   * it calls the new versions with a request they must refuse before any traffic shifts.
   */
  readonly preTrafficCheck: ApiFunction;
  private readonly role: Role;
  private readonly checks: VersionCheck[] = [];
  private readonly deploymentConfig: typeof CANARY_CONFIG;

  constructor(scope: Construct, id: string, props: CanaryRolloutsProps) {
    super(scope, id);
    this.deploymentConfig = props.rollout === 'all-at-once' ? ALL_AT_ONCE_CONFIG : CANARY_CONFIG;
    this.application = new LambdaApplication(this, 'Application');
    // One function for the stack's groups: CodeDeploy does not tell a hook which version it deploys,
    // so it checks them all (each with one harmless request, all at once).
    this.preTrafficCheck = new ApiFunction(this, 'PreTrafficCheck', {
      handlerModule: 'deploy/pre-traffic-check',
      description: "Calls the canary routes' new versions before traffic shifts (CodeDeploy hook)",
      siteUrl: props.siteUrl,
      removalPolicy: props.stage.removalPolicy,
      logRetention: props.stage.logRetention,
      logLevel: props.stage.logLevel,
      memorySize: props.stage.memoryMb.default,
      timeout: Duration.minutes(1),
    });
    const stack = Stack.of(this);
    this.preTrafficCheck.addEnvironment(
      'CHECKS',
      Lazy.string({ produce: () => stack.toJsonString(this.checks) }),
    );
    // One role for the stack's deployment groups instead of one each.
    this.role = new Role(this, 'DeployRole', {
      assumedBy: new ServicePrincipal('codedeploy.amazonaws.com'),
      description: 'Shifts the live aliases of canary routes (CodeDeploy)',
      managedPolicies: [
        ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSCodeDeployRoleForLambdaLimited'),
      ],
    });
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
      reason:
        "AWS's managed policy for CodeDeploy on Lambda: it may update aliases and read the alarms, nothing more, " +
        'and AWS keeps it in step with what CodeDeploy needs.',
    });
    const hookId = stack.getLogicalId(this.preTrafficCheck.node.defaultChild as CfnFunction);
    Validations.of(this.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${hookId}.Arn>:*]`,
      reason:
        'CDK grants CodeDeploy lambda:InvokeFunction on the pre-traffic check and its versions (ARN:*): ' +
        'that one function, which CodeDeploy invokes as the hook.',
    });
  }

  /**
   * A deployment group for `fn`'s live alias (the function of `route`): its new version is checked
   * before any traffic shifts, and rolled back by its alarm.
   */
  add(name: string, fn: ApiFunction, route: RouteDefinition): LambdaDeploymentGroup {
    const version = fn.currentVersion.version;
    this.checks.push({
      version: fn.currentVersion.functionArn,
      route: `${route.method} ${route.path}`,
      status: expectedRefusal(route.access),
    });
    // That version and no other: not $LATEST, not the alias.
    Grant.addToPrincipal({
      grantee: this.preTrafficCheck,
      actions: ['lambda:InvokeFunction'],
      resourceArns: [fn.currentVersion.functionArn],
    });
    // The hook must hold this version's check before CodeDeploy starts the alias's deployment.
    fn.live.node.addDependency(this.preTrafficCheck);
    const lambdaErrors = new Metric({
      namespace: 'AWS/Lambda',
      metricName: 'Errors',
      dimensionsMap: {
        FunctionName: fn.functionName,
        Resource: `${fn.functionName}:${fn.live.aliasName}`,
        ExecutedVersion: version,
      },
      statistic: 'Sum',
      period: MINUTE,
    });
    const serverErrors = new Metric({
      namespace: METRICS_NAMESPACE,
      metricName: 'ServerErrors',
      dimensionsMap: { FunctionName: fn.functionName, Version: version },
      statistic: 'Sum',
      period: MINUTE,
    });
    const alarm = new Alarm(this, `${name}Alarm`, {
      alarmDescription: `The new version of ${fn.node.path} failed or answered 500 during its canary`,
      metric: new MathExpression({
        expression: 'FILL(crashes, 0) + FILL(failures, 0)',
        usingMetrics: { crashes: lambdaErrors, failures: serverErrors },
        period: MINUTE,
        label: 'errors of the new version',
      }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    return new LambdaDeploymentGroup(this, `${name}Rollout`, {
      application: this.application,
      alias: fn.live,
      deploymentConfig: this.deploymentConfig,
      alarms: [alarm],
      role: this.role,
      preHook: this.preTrafficCheck,
      autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
    });
  }
}

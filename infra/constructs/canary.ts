import { METRICS_NAMESPACE } from '@functions/commons/metrics';
import { Duration, Validations } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { LambdaApplication, LambdaDeploymentConfig, LambdaDeploymentGroup } from 'aws-cdk-lib/aws-codedeploy';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { ApiFunction } from './api-function';

/** How a canary route's new version goes live: 10 % of its requests for 5 minutes, then all. */
export const CANARY_CONFIG = LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES;

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
  private readonly role: Role;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.application = new LambdaApplication(this, 'Application');
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
  }

  /** A deployment group for `fn`'s live alias, rolled back by its new version's alarm. */
  add(name: string, fn: ApiFunction): LambdaDeploymentGroup {
    const version = fn.currentVersion.version;
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
      deploymentConfig: CANARY_CONFIG,
      alarms: [alarm],
      role: this.role,
      autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
    });
  }
}

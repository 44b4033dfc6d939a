import { RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';

/** AWS's policy for API Gateway's logging role (API Gateway's developer guide prescribes it). */
const PUSH_TO_CLOUDWATCH_LOGS = 'service-role/AmazonAPIGatewayPushToCloudWatchLogs';

/**
 * API Gateway's account setting for the region: the IAM role it writes logs to CloudWatch Logs
 * with. A WebSocket stage with an access log cannot be created until the setting names a role
 * ("CloudWatch Logs role ARN must be set in account settings to enable logging"), so every stack
 * with a stage that logs depends on this one (infra/stacks/service.ts) and a first deploy into an
 * empty account and region needs no step by hand.
 *
 * The setting is one per account and region, shared by every API there: deploying this stack
 * replaces whatever role was set before (docs/operations.md "4. First deploy"). The role has AWS's
 * managed policy, on every log group, because every API of the region logs through it, not only
 * ours. It and the setting are kept when the stack is deleted (whatever the stage's removal
 * policy): another stage or another API of the region may log through this role by then, and a
 * deleted role would silently stop their logs.
 */
export class GatewayLogsStack extends Stack {
  readonly role: Role;
  /** The account setting (`account` is the stack's AWS account). */
  readonly accountSetting: CfnAccount;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    this.role = new Role(this, 'CloudWatchRole', {
      description: "API Gateway's role for writing the region's API logs to CloudWatch Logs",
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName(PUSH_TO_CLOUDWATCH_LOGS)],
    });
    this.role.applyRemovalPolicy(RemovalPolicy.RETAIN);
    Validations.of(this.role).acknowledge({
      id: `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${PUSH_TO_CLOUDWATCH_LOGS}]`,
      reason:
        "The region's one API Gateway logging role serves every API of the account there, including log " +
        'groups this app does not know (other APIs, REST execution logs), so it cannot be narrowed to ours; ' +
        "AWS's managed policy is the one API Gateway documents and AWS keeps current.",
    });
    this.accountSetting = new CfnAccount(this, 'Account', { cloudWatchRoleArn: this.role.roleArn });
    this.accountSetting.applyRemovalPolicy(RemovalPolicy.RETAIN);
  }
}

import { ArnFormat, Stack, type StackProps } from 'aws-cdk-lib';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { ServiceConfig } from './service-config';

export interface WafStackProps extends StackProps {
  readonly config: ServiceConfig;
}

/** CloudFront takes only web ACLs of scope CLOUDFRONT, which exist only in us-east-1. */
export const WAF_REGION = 'us-east-1';

/** The AWS managed rule groups the web ACL runs, in priority order after the rate rules. */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

/** Requests under this path count against the stricter per-IP rule too. */
export const AUTH_PATH_PREFIX = '/api/auth/';

function visibility(metricName: string): CfnWebACL.VisibilityConfigProperty {
  return { cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true };
}

/**
 * The web ACL of the CloudFront distribution (docs/operations.md): per-IP rate limits for the whole
 * site and, stricter, for `/api/auth/*` (values from the stage), then AWS's IP reputation list, the
 * common rule set and known bad inputs. The web stack reads its ARN through a cross-region reference.
 */
export class WafStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: WafStackProps) {
    super(scope, id, props);
    const { config } = props;
    const { waf } = config.settings;
    const rateRule = (
      name: string,
      priority: number,
      limit: number,
      scopeDownStatement?: CfnWebACL.StatementProperty,
    ): CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: { block: {} },
      statement: {
        rateBasedStatement: { limit, aggregateKeyType: 'IP', evaluationWindowSec: 300, scopeDownStatement },
      },
      visibilityConfig: visibility(name),
    });
    const authOnly: CfnWebACL.StatementProperty = {
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: AUTH_PATH_PREFIX,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    };
    const managed = MANAGED_RULE_GROUPS.map(
      (name, index): CfnWebACL.RuleProperty => ({
        name,
        priority: 2 + index,
        overrideAction: { none: {} },
        statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
        visibilityConfig: visibility(name),
      }),
    );
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `exchange-${config.stage}`,
      description: 'Exchange site: per-IP rate limits and AWS managed rules',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`exchange-${config.stage}`),
      rules: [
        rateRule('AuthRatePerIp', 0, waf.authPer5Minutes, authOnly),
        rateRule('SiteRatePerIp', 1, waf.sitePer5Minutes),
        ...managed,
      ],
    });

    // WAF delivers only to log groups named aws-waf-logs-*, and takes their ARN without the ':*'.
    const logGroupName = `aws-waf-logs-exchange-${config.stage}`;
    const logs = new LogGroup(this, 'Logs', {
      logGroupName,
      retention: config.settings.logRetention,
      removalPolicy: config.settings.removalPolicy,
    });
    const logging = new CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      // Access tokens and the refresh cookie are credentials: the logs keep everything else.
      redactedFields: [{ singleHeader: { Name: 'authorization' } }, { singleHeader: { Name: 'cookie' } }],
      logDestinationConfigs: [
        this.formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
    });
    logging.node.addDependency(logs);
  }
}

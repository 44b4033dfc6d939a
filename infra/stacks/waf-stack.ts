import { authMe, authRefresh } from '@shared/routes/auth';
import { ArnFormat, Aws, Fn, Stack, type StackProps } from 'aws-cdk-lib';
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

/** Requests under this path count against the stricter per-IP rule too, but for `AUTH_RATE_EXEMPT_PATHS`. */
export const AUTH_PATH_PREFIX = '/api/auth/';

/**
 * Auth routes a signed-in browser calls by itself, over and over (who is logged in, on every page
 * load; a new access token every 15 minutes): left to the site-wide limit. Counted with the rest,
 * the users of one office or carrier NAT, one address to the WAF, would use up the stricter limit
 * between them and be locked out. That limit is for what a guesser or a spammer calls: login,
 * register, the password and verification mails, two-step codes. Exact paths, as the API routes
 * them: any other spelling still counts.
 */
export const AUTH_RATE_EXEMPT_PATHS = [authMe.path, authRefresh.path] as const;

/**
 * The common rule set's rules our callers meet by design, each counted inside the group and then
 * blocked by a rule of ours everywhere but where that caller is: staff send the whole rates table
 * (over the 8 KB body limit) to `/api/admin/*`, whose routes are authenticated and limit their own
 * bodies; the rate monitors' bots fetch the export without a User-Agent.
 */
export const COMMON_RULE_EXCEPTIONS = [
  {
    rule: 'SizeRestrictions_BODY',
    label: 'awswaf:managed:aws:core-rule-set:SizeRestrictions_Body',
    allowed: { path: '/api/admin/', match: 'STARTS_WITH' },
  },
  {
    rule: 'NoUserAgent_HEADER',
    label: 'awswaf:managed:aws:core-rule-set:NoUserAgent_Header',
    allowed: { path: '/api/export/rates.xml', match: 'EXACTLY' },
  },
] as const;

function visibility(metricName: string): CfnWebACL.VisibilityConfigProperty {
  return { cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true };
}

/**
 * The web ACL of the CloudFront distribution (docs/operations.md): per-IP rate limits for the whole
 * site and, stricter, for `/api/auth/*` but the session's own calls (values from the stage), then AWS's IP reputation list, the
 * common rule set (with our exceptions) and known bad inputs. In a new install's first days
 * (`wafManagedRules: 'count'`) the managed groups and our exception rules only count, so their
 * false positives show in the logs and metrics without blocking anyone. The web stack reads its ARN
 * through a cross-region reference.
 */
export class WafStack extends Stack {
  readonly webAcl: CfnWebACL;
  /** The web ACL's name: its CloudWatch metrics are named by it (edge-monitoring-stack.ts). */
  readonly webAclName: string;

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
    const path = (
      positionalConstraint: 'STARTS_WITH' | 'EXACTLY',
      searchString: string,
    ): CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint,
        searchString,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
    const authOnly: CfnWebACL.StatementProperty = {
      andStatement: {
        statements: [
          path('STARTS_WITH', AUTH_PATH_PREFIX),
          {
            notStatement: {
              statement: {
                orStatement: { statements: AUTH_RATE_EXEMPT_PATHS.map((exempt) => path('EXACTLY', exempt)) },
              },
            },
          },
        ],
      },
    };
    const counting = config.wafManagedRules === 'count';
    const managed = MANAGED_RULE_GROUPS.map(
      (name, index): CfnWebACL.RuleProperty => ({
        name,
        priority: 2 + index,
        overrideAction: counting ? { count: {} } : { none: {} },
        statement: {
          managedRuleGroupStatement: {
            vendorName: 'AWS',
            name,
            ...(name === 'AWSManagedRulesCommonRuleSet'
              ? {
                  ruleActionOverrides: COMMON_RULE_EXCEPTIONS.map(({ rule }) => ({
                    name: rule,
                    actionToUse: { count: {} },
                  })),
                }
              : {}),
          },
        },
        visibilityConfig: visibility(name),
      }),
    );
    const exceptions = COMMON_RULE_EXCEPTIONS.map(
      ({ rule, label, allowed }, index): CfnWebACL.RuleProperty => ({
        name: `${rule}Elsewhere`,
        priority: 2 + MANAGED_RULE_GROUPS.length + index,
        action: counting ? { count: {} } : { block: {} },
        statement: {
          andStatement: {
            statements: [
              { labelMatchStatement: { scope: 'LABEL', key: label } },
              {
                notStatement: {
                  statement: {
                    byteMatchStatement: {
                      fieldToMatch: { uriPath: {} },
                      positionalConstraint: allowed.match,
                      searchString: allowed.path,
                      textTransformations: [{ priority: 0, type: 'NONE' }],
                    },
                  },
                },
              },
            ],
          },
        },
        visibilityConfig: visibility(`${rule}Elsewhere`),
      }),
    );
    this.webAclName = `exchange-${config.stage}`;
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: this.webAclName,
      description: 'Exchange site: per-IP rate limits and AWS managed rules',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`exchange-${config.stage}`),
      rules: [
        rateRule('AuthRatePerIp', 0, waf.authPer5Minutes, authOnly),
        rateRule('SiteRatePerIp', 1, waf.sitePer5Minutes),
        ...managed,
        ...exceptions,
      ],
    });

    // WAF delivers only to log groups named aws-waf-logs-*, and takes their ARN without the ':*'. The
    // name ends with the first part of this stack's id, new with each stack: a retained group left by
    // a deleted stack cannot make the next create fail.
    const stackIdPart = Fn.select(0, Fn.split('-', Fn.select(2, Fn.split('/', Aws.STACK_ID))));
    const logGroupName = `aws-waf-logs-exchange-${config.stage}-${stackIdPart}`;
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

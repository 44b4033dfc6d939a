import { STAGES } from '@infra/stacks/stages';
import { AUTH_PATH_PREFIX, MANAGED_RULE_GROUPS } from '@infra/stacks/waf-stack';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROD_CONTEXT, type SynthesizedService, synthesizeService } from './synth';

type Rule = {
  Name: string;
  Priority: number;
  Action?: unknown;
  OverrideAction?: unknown;
  Statement: Record<string, Record<string, unknown>>;
};

let prod: SynthesizedService;
let waf: Template;
let acl: { Properties: Record<string, unknown> };

beforeAll(() => {
  prod = synthesizeService({ context: PROD_CONTEXT });
  waf = prod.template(prod.stacks.waf);
  acl = Object.values(waf.findResources('AWS::WAFv2::WebACL'))[0] as typeof acl;
});

function rule(name: string): Rule {
  return (acl.Properties.Rules as Rule[]).find((r) => r.Name === name)!;
}

describe('WAF stack', () => {
  it('lives in us-east-1 with one CloudFront-scoped web ACL that allows by default', () => {
    expect(prod.stacks.waf.region).toBe('us-east-1');
    waf.resourceCountIs('AWS::WAFv2::WebACL', 1);
    expect(acl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
  });

  it("runs AWS's IP reputation list, common rule set and known bad inputs", () => {
    const managed = (acl.Properties.Rules as Rule[])
      .filter((r) => r.Statement.ManagedRuleGroupStatement)
      .map((r) => ({ ...r.Statement.ManagedRuleGroupStatement, override: r.OverrideAction }));

    expect(managed).toEqual(
      MANAGED_RULE_GROUPS.map((name) => ({ VendorName: 'AWS', Name: name, override: { None: {} } })),
    );
    expect([...MANAGED_RULE_GROUPS].sort()).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
  });

  it("blocks a client IP above the stage's limit for the whole site", () => {
    const site = rule('SiteRatePerIp');

    expect(site.Action).toEqual({ Block: {} });
    expect(site.Statement.RateBasedStatement).toEqual({
      Limit: STAGES.prod.waf.sitePer5Minutes,
      AggregateKeyType: 'IP',
      EvaluationWindowSec: 300,
    });
  });

  it('blocks a client IP sooner on /api/auth/*, before the other rules', () => {
    const auth = rule('AuthRatePerIp');
    const statement = auth.Statement.RateBasedStatement as Record<string, unknown>;

    expect(auth.Action).toEqual({ Block: {} });
    expect(auth.Priority).toBe(0);
    expect(statement.Limit).toBe(STAGES.prod.waf.authPer5Minutes);
    expect(statement.Limit).toBeLessThan(STAGES.prod.waf.sitePer5Minutes);
    expect(statement.ScopeDownStatement).toEqual({
      ByteMatchStatement: {
        FieldToMatch: { UriPath: {} },
        PositionalConstraint: 'STARTS_WITH',
        SearchString: AUTH_PATH_PREFIX,
        TextTransformations: [{ Priority: 0, Type: 'NONE' }],
      },
    });
  });

  it('logs to an aws-waf-logs- group with the stage retention, credentials redacted', () => {
    waf.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: 'aws-waf-logs-exchange-prod',
      RetentionInDays: STAGES.prod.logRetention,
    });
    waf.resourceCountIs('AWS::WAFv2::LoggingConfiguration', 1);
    waf.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
      RedactedFields: [{ SingleHeader: { Name: 'authorization' } }, { SingleHeader: { Name: 'cookie' } }],
    });
  });

  it('is attached to the distribution through a cross-region reference to its ARN', () => {
    const web = prod.template(prod.stacks.web);
    const distribution = Object.values(web.findResources('AWS::CloudFront::Distribution'))[0] as {
      Properties: { DistributionConfig: { WebACLId: unknown } };
    };
    const reference = JSON.stringify(distribution.Properties.DistributionConfig.WebACLId);

    expect(reference).toMatch(/ExportsReader/);
    expect(reference).toMatch(/WebAcl/);
    web.resourceCountIs('Custom::CrossRegionExportReader', 1);
    waf.resourceCountIs('Custom::CrossRegionExportWriter', 1);
  });
});

import { readServiceConfig } from '@infra/stacks/service-config';
import { STAGES } from '@infra/stacks/stages';
import {
  AUTH_PATH_PREFIX,
  AUTH_RATE_EXEMPT_PATHS,
  COMMON_RULE_EXCEPTIONS,
  MANAGED_RULE_GROUPS,
} from '@infra/stacks/waf-stack';
import { App } from 'aws-cdk-lib';
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
  // Launched long ago: past the stage's 14 counting days.
  launched = synthesizeService({ context: { ...PROD_CONTEXT, launchedOn: '2026-01-05' } });
  acl = Object.values(waf.findResources('AWS::WAFv2::WebACL'))[0] as typeof acl;
});

let launched: SynthesizedService;

/** The managed rules' mode a prod synth on `day` would use, with the given launch date. */
function modeOn(day: string, launchedOn?: string): string {
  const app = new App({ context: { ...PROD_CONTEXT, ...(launchedOn ? { launchedOn } : {}) } });
  return readServiceConfig(app, undefined, Date.parse(`${day}T12:00:00Z`)).wafManagedRules;
}

function rulesOf(service: SynthesizedService): Rule[] {
  const found = Object.values(
    service.template(service.stacks.waf).findResources('AWS::WAFv2::WebACL'),
  )[0] as {
    Properties: { Rules: Rule[] };
  };
  return found.Properties.Rules;
}

function rule(name: string): Rule {
  return (acl.Properties.Rules as Rule[]).find((r) => r.Name === name)!;
}

describe('WAF stack', () => {
  it('lives in us-east-1 with one CloudFront-scoped web ACL that allows by default', () => {
    expect(prod.stacks.waf.region).toBe('us-east-1');
    waf.resourceCountIs('AWS::WAFv2::WebACL', 1);
    expect(acl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
  });

  it("runs AWS's IP reputation list, common rule set and known bad inputs, counting only in a new install's first days", () => {
    const managedOf = (rules: Rule[]) =>
      rules
        .filter((r) => r.Statement.ManagedRuleGroupStatement)
        .map((r) => ({
          name: (r.Statement.ManagedRuleGroupStatement as { Name: string }).Name,
          override: r.OverrideAction,
        }));

    // prod without launchedOn: a new install, so every managed group counts.
    expect(managedOf(acl.Properties.Rules as Rule[])).toEqual(
      MANAGED_RULE_GROUPS.map((name) => ({ name, override: { Count: {} } })),
    );
    expect(managedOf(rulesOf(launched))).toEqual(
      MANAGED_RULE_GROUPS.map((name) => ({ name, override: { None: {} } })),
    );
    expect(modeOn('2026-03-10', '2026-03-01')).toBe('count');
    expect(modeOn('2026-03-16', '2026-03-01')).toBe('block');
    expect(modeOn('2030-01-01')).toBe('count');
    expect(STAGES.prod.waf.countDays).toBe(14);
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
    expect(JSON.stringify(statement.ScopeDownStatement)).toContain(
      `{"ByteMatchStatement":{"FieldToMatch":{"UriPath":{}},"PositionalConstraint":"STARTS_WITH","SearchString":"${AUTH_PATH_PREFIX}"`,
    );
  });

  it("leaves /api/auth/me and /api/auth/refresh to the site-wide limit: one office's users behind a NAT cannot use up the auth limit", () => {
    const byPath = (constraint: string, path: string) => ({
      ByteMatchStatement: {
        FieldToMatch: { UriPath: {} },
        PositionalConstraint: constraint,
        SearchString: path,
        TextTransformations: [{ Priority: 0, Type: 'NONE' }],
      },
    });

    expect(
      (rule('AuthRatePerIp').Statement.RateBasedStatement as Record<string, unknown>).ScopeDownStatement,
    ).toEqual({
      AndStatement: {
        Statements: [
          byPath('STARTS_WITH', AUTH_PATH_PREFIX),
          {
            NotStatement: {
              Statement: {
                OrStatement: {
                  Statements: [byPath('EXACTLY', '/api/auth/me'), byPath('EXACTLY', '/api/auth/refresh')],
                },
              },
            },
          },
        ],
      },
    });
    expect(AUTH_RATE_EXEMPT_PATHS).toEqual(['/api/auth/me', '/api/auth/refresh']);
    // Still counted by the site-wide rule, which has no scope.
    expect(rule('SiteRatePerIp').Statement.RateBasedStatement).not.toHaveProperty('ScopeDownStatement');
  });

  it("lets staff's large bodies under /api/admin/ and the monitors' bots without a User-Agent through, and blocks both elsewhere", () => {
    const common = (
      rulesOf(launched).find((r) => r.Name === 'AWSManagedRulesCommonRuleSet')!.Statement
        .ManagedRuleGroupStatement as { RuleActionOverrides: unknown }
    ).RuleActionOverrides;
    expect(common).toEqual(
      COMMON_RULE_EXCEPTIONS.map(({ rule }) => ({ Name: rule, ActionToUse: { Count: {} } })),
    );
    for (const { rule: name, label, allowed } of COMMON_RULE_EXCEPTIONS) {
      const elsewhere = rulesOf(launched).find((r) => r.Name === `${name}Elsewhere`)!;
      expect(elsewhere.Action, name).toEqual({ Block: {} });
      expect(JSON.stringify(elsewhere.Statement), name).toContain(`"Key":"${label}"`);
      expect(JSON.stringify(elsewhere.Statement), name).toContain(
        `"NotStatement":{"Statement":{"ByteMatchStatement":{"FieldToMatch":{"UriPath":{}},"PositionalConstraint":"${allowed.match}","SearchString":"${allowed.path}"`,
      );
      // After the managed groups, whose labels they read.
      expect(elsewhere.Priority).toBeGreaterThan(1 + MANAGED_RULE_GROUPS.length);
      expect(rule(`${name}Elsewhere`).Action, name).toEqual({ Count: {} });
    }
    expect(COMMON_RULE_EXCEPTIONS.map(({ allowed }) => allowed.path)).toEqual([
      '/api/admin/',
      '/api/export/rates.xml',
    ]);
  });

  it('logs to an aws-waf-logs- group named anew with each stack (a retry never meets a retained one), credentials redacted', () => {
    const [group] = Object.values(waf.findResources('AWS::Logs::LogGroup')) as Array<{
      Properties: { LogGroupName: unknown; RetentionInDays: number };
    }>;
    expect(JSON.stringify(group!.Properties.LogGroupName)).toMatch(
      /aws-waf-logs-exchange-prod-.*AWS::StackId/,
    );
    expect(group!.Properties.RetentionInDays).toBe(STAGES.prod.logRetention);
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

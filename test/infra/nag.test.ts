import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROD_CONTEXT, type SynthesizedService, synthesizeService } from './synth';

let webAssets: string;
let dev: SynthesizedService;
let prod: SynthesizedService;

/** Unacknowledged AwsSolutions findings, as `rule at path`, so a failure names what to fix. */
function findings(service: SynthesizedService): string[] {
  const report = new AwsSolutionsChecks().validateScope(service.app);
  return report.violations.flatMap((violation) =>
    violation.violatingResources.map((resource) => `${violation.ruleName} at ${resource.constructPath}`),
  );
}

function acknowledgments(root: IConstruct): Array<{ id: string; reason: string }> {
  return root.node
    .findAll()
    .flatMap((construct) =>
      construct.node.metadata
        .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .flatMap((entry) =>
          Object.entries(entry.data as Record<string, string>).map(([id, reason]) => ({ id, reason })),
        ),
    );
}

beforeAll(() => {
  webAssets = mkdtempSync(path.join(tmpdir(), 'exchange-web-dist-'));
  mkdirSync(path.join(webAssets, 'assets'));
  writeFileSync(path.join(webAssets, 'index.html'), '<!doctype html><title>test</title>');
  dev = synthesizeService({ webAssetsPath: webAssets, cloudFormationValidation: true });
  prod = synthesizeService({
    webAssetsPath: webAssets,
    context: {
      ...PROD_CONTEXT,
      siteDomain: 'exchange.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
    },
  });
});

afterAll(() => {
  if (webAssets) rmSync(webAssets, { recursive: true, force: true });
});

describe('cdk-nag AwsSolutions checks', () => {
  it('find nothing unacknowledged in a dev stage with a built site', () => {
    expect(findings(dev)).toEqual([]);
  });

  it('find nothing unacknowledged in prod with a custom domain', () => {
    expect(findings(prod)).toEqual([]);
  });

  it('have a reason of at least one sentence for every acknowledgment', () => {
    const vague = acknowledgments(dev.app).filter(({ reason }) => reason.trim().length < 40);

    expect(vague).toEqual([]);
  });

  it("leave CloudFormation's own template validation without findings, suppressed ones included", () => {
    const reportFile = path.join(dev.app.outdir, 'validation-report.json');
    const report = existsSync(reportFile)
      ? (JSON.parse(readFileSync(reportFile, 'utf8')) as {
          pluginReports: Array<{
            violations: Array<{ ruleName: string }>;
            suppressedViolations?: Array<{ ruleName: string }>;
          }>;
        })
      : { pluginReports: [] };
    const ruleNames = report.pluginReports.flatMap((plugin) =>
      [...plugin.violations, ...(plugin.suppressedViolations ?? [])].map((violation) => violation.ruleName),
    );

    expect(ruleNames).toEqual([]);
  });

  it('leave no CDK error or warning annotations on any stack', () => {
    // Read from the assembly already synthesized: Annotations.fromStack would synthesize again per stack.
    const errors = dev.app
      .synth()
      .stacks.flatMap((stack) => stack.messages)
      .filter((message) => message.level !== 'info')
      .map((message) => `${message.id}: ${String(message.entry.data)}`);

    expect(errors).toEqual([]);
  });

  it('acknowledge the default-certificate TLS rule only when there is no custom domain', () => {
    const ids = (service: SynthesizedService) => acknowledgments(service.app).map(({ id }) => id);

    expect(ids(dev).some((id) => id.endsWith('AwsSolutions-CFR4'))).toBe(true);
    expect(ids(prod).some((id) => id.endsWith('AwsSolutions-CFR4'))).toBe(false);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedVersion } from '@infra/constructs/first-run';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROD_CONTEXT, type SynthesizedService, synthesizeService } from './synth';

let dev: SynthesizedService;
let prod: SynthesizedService;
let template: Template;

beforeAll(() => {
  dev = synthesizeService();
  prod = synthesizeService({ context: PROD_CONTEXT });
  template = prod.template(prod.stacks.firstRun);
});

describe('first-run custom resource', () => {
  it('is one Custom::FirstRun behind the Provider framework, with the seed version and the admin address', () => {
    template.resourceCountIs('Custom::FirstRun', 1);
    template.hasResourceProperties('Custom::FirstRun', {
      ServiceToken: { 'Fn::GetAtt': [Match.stringLikeRegexp('^FirstRunProviderframeworkonEvent'), 'Arn'] },
      SeedVersion: seedVersion(),
      AdminEmail: PROD_CONTEXT.adminEmail,
    });
  });

  it('carries no password: its properties are the seed version and the address only', () => {
    const [resource] = Object.values(template.findResources('Custom::FirstRun')) as Array<{
      Properties: Record<string, unknown>;
    }>;

    expect(Object.keys(resource!.Properties).sort()).toEqual(['AdminEmail', 'SeedVersion', 'ServiceToken']);
  });

  it('runs functions/deploy/first-run with the table and the site URL, for up to 5 minutes, sending no mail itself', () => {
    const fn = prod.stacks.firstRun.firstRun.node.findChild('Function');
    const logicalId = prod.stacks.firstRun.getLogicalId(fn.node.defaultChild as CfnFunction);
    const properties = (
      template.toJSON().Resources as Record<string, { Properties: Record<string, unknown> }>
    )[logicalId]!.Properties;

    expect(properties.Timeout).toBe(300);
    expect(properties.Environment).toMatchObject({
      Variables: { SITE_URL: PROD_CONTEXT.siteUrl, TABLE_NAME: expect.anything() },
    });
    // The invitation is queued in the outbox with its link; the mail stack's sender sends it.
    expect(properties.Environment).not.toHaveProperty('Variables.MAIL_FROM');
    expect(JSON.stringify(template.findResources('AWS::IAM::Policy'))).not.toContain('"ses:');
    expect(properties.Description).toBe('Deploy-time seed and first SUPER_ADMIN');
  });

  it('is deployed after the web stack, so the mailed link opens a site that answers, and after the mail stack, whose sender sends the invitation', () => {
    expect(prod.stacks.firstRun.dependencies).toContain(prod.stacks.web);
    expect(prod.stacks.firstRun.dependencies).toContain(prod.stacks.mail);
  });

  it('invites nobody in a stage given no admin address', () => {
    dev.template(dev.stacks.firstRun).hasResourceProperties('Custom::FirstRun', { AdminEmail: '' });
  });

  it('changes its seed version when the seed data changes, so CloudFormation sends an Update', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'exchange-seed-'));
    try {
      mkdirSync(path.join(root, 'functions', 'seed'), { recursive: true });
      mkdirSync(path.join(root, 'shared'));
      writeFileSync(path.join(root, 'shared', 'constants.ts'), 'export const A = 1;');
      writeFileSync(path.join(root, 'functions', 'seed', 'geo-data.ts'), "export const GEO = ['europe'];");
      const before = seedVersion(root);
      const same = seedVersion(root);
      writeFileSync(
        path.join(root, 'functions', 'seed', 'geo-data.ts'),
        "export const GEO = ['europe', 'asia'];",
      );

      expect(same).toBe(before);
      expect(seedVersion(root)).not.toBe(before);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the carry-over into the books', () => {
  it('is a Trigger that runs functions/deploy/ledger-carry-over after the seed, for up to 15 minutes, with the table', () => {
    const carryOver = prod.stacks.firstRun.ledgerCarryOver;
    const fn = carryOver.node.findChild('Function');
    const fnId = prod.stacks.firstRun.getLogicalId(fn.node.defaultChild as CfnFunction);
    const resources = template.toJSON().Resources as Record<
      string,
      { Type: string; Properties: Record<string, unknown>; DependsOn?: string[] }
    >;
    const triggers = Object.values(resources).filter((resource) => resource.Type === 'Custom::Trigger');
    const seedId = prod.stacks.firstRun.getLogicalId(
      prod.stacks.firstRun.firstRun.resource.node.defaultChild as CfnFunction,
    );

    expect(triggers).toHaveLength(1);
    // The function's current version: a new build of it runs the trigger again.
    expect(triggers[0]!.Properties.HandlerArn).toEqual({
      Ref: expect.stringMatching(/^LedgerCarryOverFunctionCurrentVersion/),
    });
    expect(triggers[0]!.DependsOn).toEqual(expect.arrayContaining([seedId]));
    expect(resources[fnId]!.Properties).toMatchObject({
      Timeout: 900,
      Environment: { Variables: { TABLE_NAME: expect.anything() } },
      Description: 'Deploy-time carry-over of the reserves and movements into the books',
    });
  });
});

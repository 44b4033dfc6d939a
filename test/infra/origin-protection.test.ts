import { ORIGIN_HEADER } from '@functions/pipeline/middleware/origin-guard';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SynthesizedService, synthesizeService } from './synth';

type Resource = { Type: string; Properties: Record<string, unknown> };

let service: SynthesizedService;
let api: Record<string, Resource>;
let web: Record<string, Resource>;

beforeAll(() => {
  service = synthesizeService();
  api = service.template(service.stacks.api).toJSON().Resources as Record<string, Resource>;
  web = service.template(service.stacks.web).toJSON().Resources as Record<string, Resource>;
});

/** A `{{resolve:secretsmanager:<arn>:SecretString:::}}` dynamic reference, as CloudFormation takes it. */
const DYNAMIC_REFERENCE =
  /^\{"Fn::Join":\["",\["\{\{resolve:secretsmanager:",.+,":SecretString:::\}\}"\]\]\}$/;

describe('origin protection', () => {
  it('generates the origin secret in Secrets Manager', () => {
    const secrets = Object.entries(api).filter(
      ([id, r]) => r.Type === 'AWS::SecretsManager::Secret' && id.startsWith('OriginSecret'),
    );

    expect(secrets).toHaveLength(1);
    expect(secrets[0]![1].Properties.SecretString).toBeUndefined();
  });

  it("makes CloudFront add the origin header to every request of the API's behavior, by reference", () => {
    const distribution = Object.values(web).find((r) => r.Type === 'AWS::CloudFront::Distribution')!;
    const origins = (
      distribution.Properties.DistributionConfig as { Origins: Array<Record<string, unknown>> }
    ).Origins;
    const apiOrigin = origins.find((origin) => origin.CustomOriginConfig !== undefined)!;
    const headers = apiOrigin.OriginCustomHeaders as Array<{ HeaderName: string; HeaderValue: unknown }>;

    expect(headers.map((header) => header.HeaderName)).toEqual([ORIGIN_HEADER]);
    expect(JSON.stringify(headers[0]!.HeaderValue)).toMatch(/\{\{resolve:secretsmanager:/);
    expect(JSON.stringify(headers[0]!.HeaderValue)).toMatch(/Fn::ImportValue/);
    expect(origins.filter((origin) => origin.OriginCustomHeaders !== undefined)).toHaveLength(1);
  });

  it('gives every API function the same value, by reference, so each can check it', () => {
    const functions = Object.values(api).filter((r) => r.Type === 'AWS::Lambda::Function');
    const values = functions.map((fn) =>
      JSON.stringify(
        (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.ORIGIN_SECRET,
      ),
    );

    expect(functions.length).toBeGreaterThan(40);
    for (const value of values) expect(value).toMatch(DYNAMIC_REFERENCE);
    expect(new Set(values).size).toBe(1);
  });
});

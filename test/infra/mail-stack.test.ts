import { beforeAll, describe, expect, it } from 'vitest';
import { PROD_CONTEXT, type SynthesizedService, synthesizeService } from './synth';

let prod: SynthesizedService;

beforeAll(() => {
  prod = synthesizeService({ context: PROD_CONTEXT });
});

describe('mail stack', () => {
  it("verifies mailFrom's domain with Easy DKIM and a custom MAIL FROM subdomain", () => {
    prod.template(prod.stacks.mail).hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'example.org',
      MailFromAttributes: { MailFromDomain: 'mail.example.org' },
    });
  });

  it('prints the MAIL FROM and DMARC records to publish, for the pinned region', () => {
    const outputs = prod.template(prod.stacks.mail).toJSON().Outputs as Record<string, { Value: unknown }>;

    expect(outputs.MailFromMx!.Value).toBe('mail.example.org MX 10 feedback-smtp.eu-central-1.amazonses.com');
    expect(outputs.MailFromSpf!.Value).toBe('mail.example.org TXT "v=spf1 include:amazonses.com ~all"');
    expect(outputs.Dmarc!.Value).toBe(
      '_dmarc.example.org TXT "v=DMARC1; p=none; rua=mailto:operator@example.org"',
    );
  });
});

import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { EmailIdentity, Identity, type IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { mailDomain, type ServiceConfig } from './service-config';

export interface MailStackProps extends StackProps {
  readonly config: ServiceConfig;
}

/** The custom MAIL FROM subdomain: bounces go there, so SPF and DMARC align with the sender's domain. */
export const MAIL_FROM_SUBDOMAIN = 'mail';

/**
 * The SES sender identity: the domain of `mailFrom`, with Easy DKIM and a custom MAIL FROM domain,
 * so any address on it may send. Until its DKIM records are published (outputs below) SES will not
 * send from it; docs/operations.md lists every record.
 */
export class MailStack extends Stack {
  readonly identity: IEmailIdentity;
  readonly mailFrom: string;

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    this.mailFrom = props.config.mailFrom;
    const domain = mailDomain(props.config.mailFrom);
    const mailFromDomain = `${MAIL_FROM_SUBDOMAIN}.${domain}`;
    const identity = new EmailIdentity(this, 'SenderIdentity', {
      identity: Identity.domain(domain),
      mailFromDomain,
    });
    identity.dkimRecords.forEach((record, index) => {
      new CfnOutput(this, `DkimRecord${index + 1}`, {
        description: 'CNAME to publish in the mail domain so SES can sign and send',
        value: `${record.name} CNAME ${record.value}`,
      });
    });
    new CfnOutput(this, 'MailFromMx', {
      description: 'MX record of the MAIL FROM domain (bounces)',
      value: `${mailFromDomain} MX 10 feedback-smtp.${this.region}.amazonses.com`,
    });
    new CfnOutput(this, 'MailFromSpf', {
      description: 'SPF record of the MAIL FROM domain',
      value: `${mailFromDomain} TXT "v=spf1 include:amazonses.com ~all"`,
    });
    new CfnOutput(this, 'Dmarc', {
      description: 'DMARC policy of the mail domain (start with p=none, then quarantine)',
      value: `_dmarc.${domain} TXT "v=DMARC1; p=none; rua=mailto:${props.config.adminEmail ?? `postmaster@${domain}`}"`,
    });
    this.identity = identity;
  }
}

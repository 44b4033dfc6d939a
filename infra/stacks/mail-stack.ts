import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { EmailIdentity, Identity, type IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { mailDomain, type ServiceConfig } from './service-config';

export interface MailStackProps extends StackProps {
  readonly config: ServiceConfig;
}

/**
 * The SES sender identity: the domain of `mailFrom`, with Easy DKIM, so any address on it may send.
 * Until its DKIM records are published (outputs below) SES will not send from it.
 */
export class MailStack extends Stack {
  readonly identity: IEmailIdentity;
  readonly mailFrom: string;

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    this.mailFrom = props.config.mailFrom;
    const identity = new EmailIdentity(this, 'SenderIdentity', {
      identity: Identity.domain(mailDomain(props.config.mailFrom)),
    });
    identity.dkimRecords.forEach((record, index) => {
      new CfnOutput(this, `DkimRecord${index + 1}`, {
        description: 'CNAME to publish in the mail domain so SES can sign and send',
        value: `${record.name} CNAME ${record.value}`,
      });
    });
    this.identity = identity;
  }
}

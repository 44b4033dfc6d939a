import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { requireEnv } from './config';

/**
 * Sends one mail through SES (locally the SES inbox, through the SDK's AWS_ENDPOINT_URL_SES). Only
 * the outbox sender calls it (functions/domain/outbox/sender.ts): everything else queues mail in
 * the transaction of the change that causes it. Every mail has a text and an HTML part.
 */
const ses = new SESClient({
  // A hanging SES call must fail well inside the sender's timeout, so its claim ends as `failed`
  // (retried) rather than being cut off with an unknown outcome.
  requestHandler: { connectionTimeout: 2000, requestTimeout: 5000 },
});
/** Read at the first send rather than at load: only the sender is given these. */
let sender: { from: string; configurationSet: string } | undefined;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends through the configuration set (MAIL_CONFIGURATION_SET), whose event destination reports
 * bounces and complaints back (functions/jobs/mail-feedback.ts). Answers SES's message id.
 */
export async function sendMail(mail: OutgoingMail): Promise<string> {
  sender ??= { from: requireEnv('MAIL_FROM'), configurationSet: requireEnv('MAIL_CONFIGURATION_SET') };
  const answer = await ses.send(
    new SendEmailCommand({
      Source: sender.from,
      Destination: { ToAddresses: [mail.to] },
      ConfigurationSetName: sender.configurationSet,
      Message: {
        Subject: { Data: mail.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
      },
    }),
  );
  return answer.MessageId ?? '';
}

/**
 * SES refused this one mail (an address it will not send to, e.g. an unverified one while the
 * account is in the sandbox) rather than failing as a service: trying the next mail still makes sense.
 */
export function isMailRejected(error: unknown): boolean {
  return (error as Error | undefined)?.name === 'MessageRejected';
}

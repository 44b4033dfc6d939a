import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { requireEnv } from './config';
import { countMetric } from './metrics';

/**
 * Sends one mail through SES (locally the SES inbox, through the SDK's AWS_ENDPOINT_URL_SES).
 * Callers build the text in the recipient's language; every mail has a text and an HTML part.
 */
const ses = new SESClient({});
/**
 * Read at the first send rather than at load: read-only functions reach this module through
 * domain modules that also send mail, and they are (rightly) given no MAIL_FROM or SES rights.
 */
let mailFrom: string | undefined;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function sendMail(mail: OutgoingMail): Promise<void> {
  mailFrom ??= requireEnv('MAIL_FROM');
  countMetric('MailsQueued');
  try {
    await send(mail, mailFrom);
  } catch (error) {
    countMetric('MailsFailed');
    throw error;
  }
  countMetric('MailsSent');
}

function send(mail: OutgoingMail, from: string) {
  return ses.send(
    new SendEmailCommand({
      Source: from,
      Destination: { ToAddresses: [mail.to] },
      Message: {
        Subject: { Data: mail.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
      },
    }),
  );
}

import { inject } from 'vitest';

export interface StoredMail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

/**
 * When this test file started, in the inbox's epoch seconds. A file only waits for mails to its
 * own run-scoped addresses, sent after it started; asking the inbox for those alone keeps every
 * answer small, where the whole store (every mail of the run, sent again at each poll) grew to
 * megabytes by the last files.
 */
const FILE_STARTED_AT = Math.floor(Date.now() / 1000);

/** Every mail the local SES inbox holds for one address, oldest first. */
export async function mailsTo(address: string): Promise<StoredMail[]> {
  const response = await fetch(`${inject('localStack').mailUrl}/store?since=${FILE_STARTED_AT}`);
  const store = (await response.json()) as { emails: StoredMail[] };
  return store.emails.filter((mail) => mail.destination.to.includes(address));
}

/** Waits for the next mail to an address (mail is sent before the API answers, but be tolerant). */
export async function latestMailTo(address: string, timeoutMs = 5000): Promise<StoredMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(address);
    if (mails.length > 0) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

import { inject } from 'vitest';

export interface StoredMail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

/** Every mail the local SES inbox holds for one address, oldest first. */
export async function mailsTo(address: string): Promise<StoredMail[]> {
  const response = await fetch(`${inject('localStack').mailUrl}/store`);
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

import { logger } from '@functions/commons/logger';
import { sendMail } from '@functions/commons/mailer';
import type { ApplicationRecord } from '@functions/data/applications';
import { findGeoNodes } from '@functions/data/geo';
import { applicationCreatedMail, applicationStatusMail } from '@functions/mail/application-status';
import type { Language } from '@shared/enums';

/** The city and its country in the recipient's language, from the geo names (one BatchGetItem). */
async function placeOf(record: ApplicationRecord, language: Language): Promise<string | null> {
  const keys = [record.city, record.country].filter((key): key is string => Boolean(key));
  if (keys.length === 0) return null;
  const nodes = await findGeoNodes(keys);
  const names = keys.map((key) => nodes.get(key)?.names[language] ?? key);
  return names.join(', ');
}

/**
 * Mails the owner about their application, at creation or after a status change (docs/product.md
 * §5 "Mails"), after the commit: a failed mail is logged, the application stands.
 */
export async function mailApplicationOwner(
  kind: 'created' | 'status',
  record: ApplicationRecord,
  owner: { email: string; language: Language },
): Promise<void> {
  try {
    const input = { ...record, applicationId: record.id, place: await placeOf(record, owner.language) };
    const build = kind === 'created' ? applicationCreatedMail : applicationStatusMail;
    await sendMail(build(owner.email, owner.language, input));
  } catch (error) {
    logger.error(`application ${kind} mail failed`, {
      applicationId: record.id,
      error: (error as Error).message,
    });
  }
}

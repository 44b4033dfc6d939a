import { logger } from '@functions/commons/logger';
import { sendMail } from '@functions/commons/mailer';
import type { ApplicationRecord } from '@functions/data/applications';
import { findGeoNodes } from '@functions/data/geo';
import {
  applicationCreatedMail,
  applicationStaffMail,
  applicationStatusMail,
} from '@functions/mail/application-status';
import { DEFAULT_LANGUAGE, type Language } from '@shared/enums';
import { settingValue } from '../settings/settings';

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

/**
 * Mails the staff address of the setting staffNotifyEmail about a new application, in the
 * exchange's default language, after the commit; none when the setting is empty. A failed mail is
 * logged, the application stands.
 */
export async function mailStaffAboutApplication(
  record: ApplicationRecord,
  owner: { email: string },
): Promise<void> {
  try {
    const to = await settingValue('staffNotifyEmail');
    if (to === '') return;
    const input = { ...record, applicationId: record.id, place: await placeOf(record, DEFAULT_LANGUAGE) };
    const client = { email: owner.email, telegram: record.contactTelegram };
    await sendMail(applicationStaffMail(to, DEFAULT_LANGUAGE, input, client));
  } catch (error) {
    logger.error('application staff mail failed', {
      applicationId: record.id,
      error: (error as Error).message,
    });
  }
}

import type { ApplicationRecord } from '@functions/data/applications';
import { findGeoNodes } from '@functions/data/geo';
import type { Language } from '@shared/enums';

/**
 * An application's city and its country in a language ("Moscow, Russia"), from the geo names (one
 * BatchGetItem); null for an application without a place. Mails and the staff group's alerts name it.
 */
export async function placeName(
  record: Pick<ApplicationRecord, 'city' | 'country'>,
  language: Language,
): Promise<string | null> {
  const keys = [record.city, record.country].filter((key): key is string => Boolean(key));
  if (keys.length === 0) return null;
  const nodes = await findGeoNodes(keys);
  return keys.map((key) => nodes.get(key)?.names[language] ?? key).join(', ');
}

import type { ApplicationRecord } from '@functions/data/applications';
import { outboxPut } from '@functions/data/outbox';
import type { TransactItem } from '@functions/data/transactions';
import { findHoursInputs } from '@functions/data/working-hours';
import {
  applicationCreatedMail,
  applicationStaffMail,
  applicationStatusMail,
  type GuestLinks,
} from '@functions/mail/application-status';
import { DEFAULT_LANGUAGE, type Language } from '@shared/enums';
import { placeName } from '../geo/place-name';
import { settingValue } from '../settings/settings';
import { dealMoneyView } from './deal-money';

/**
 * The owner's mail about their application, at creation or after a status change (docs/product.md
 * §5 "Mails"), as the outbox item that joins the change's transaction (`record` is the application
 * as the change leaves it).
 */
export async function ownerMailItem(
  kind: 'created' | 'status',
  record: ApplicationRecord,
  owner: { email: string; language: Language },
  now: Date,
  guest?: GuestLinks,
): Promise<TransactItem> {
  const input = {
    ...record,
    applicationId: record.id,
    place: await placeName(record, owner.language),
    timeZone: await settingValue('businessTimeZone'),
    paymentStanding: dealMoneyView(record, now),
    officeHours: await officeHoursOf(record),
  };
  const mail =
    kind === 'created'
      ? applicationCreatedMail(owner.email, owner.language, input, guest)
      : applicationStatusMail(owner.email, owner.language, input);
  return outboxPut(`application-${kind}`, mail, now);
}

/** The hours of the office the instructions name (paid into, or collected at), as its city keeps them. */
async function officeHoursOf(record: ApplicationRecord) {
  const { instructions } = record;
  const city =
    (instructions?.payTo?.kind === 'office' ? instructions.payTo.city : null) ??
    instructions?.collectAt?.city;
  if (!city) return null;
  const hours = (await findHoursInputs(city)).city;
  return hours ? { timeZone: hours.timeZone, week: hours.week } : null;
}

/**
 * The mail to the staff address of the setting staffNotifyEmail about a new application, in the
 * exchange's default language, as an outbox item for the creating transaction; none when the
 * setting is empty.
 */
export async function staffMailItems(
  record: ApplicationRecord,
  owner: { email: string },
  now: Date,
): Promise<TransactItem[]> {
  const to = await settingValue('staffNotifyEmail');
  if (to === '') return [];
  const input = {
    ...record,
    applicationId: record.id,
    place: await placeName(record, DEFAULT_LANGUAGE),
    timeZone: await settingValue('businessTimeZone'),
  };
  const client = { email: owner.email, telegram: record.contactTelegram };
  return [outboxPut('application-staff', applicationStaffMail(to, DEFAULT_LANGUAGE, input, client), now)];
}

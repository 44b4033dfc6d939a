import { logger } from '@functions/commons/logger';
import { listActiveStaff } from '@functions/data/admin-users';
import { newNotificationId, notificationPuts } from '@functions/data/notifications';
import { outboxPut } from '@functions/data/outbox';
import { alertFlip, findReserves, type ReserveRecord, rearmAlert } from '@functions/data/reserves';
import {
  type TransactItem,
  Transaction,
  TransactionCancelledError,
  transactWrite,
} from '@functions/data/transactions';
import { type ReserveAlertInput, reserveAlertMail, reserveAlertMessage } from '@functions/mail/reserve-alert';
import { DEFAULT_LANGUAGE, type StaffRole } from '@shared/enums';
import { countQueuedMails } from '../outbox/queue';
import { settingValue } from '../settings/settings';
import { readOfficeAccounts, withBookedAmounts } from './held';

/** Staff notified in the alert's own transaction (each notification is 2 items, the flip and the mail 1 each: at most 100). */
const FIRST_BATCH = 48;
/** Staff notified per further transaction. */
const BATCH = 50;

/**
 * After a reserve moved (a completion, staff's change): reads the reserves again and alerts staff
 * about each that is below its alert level while its alert is armed, and re-arms each that is back
 * at or above it. Runs after the commit of the change, which stands whatever happens here: a
 * failure is logged, and the next change of that reserve checks again.
 */
export async function checkReserveAlerts(codes: string[], now = new Date()): Promise<void> {
  try {
    const [records, accounts] = await Promise.all([
      findReserves(codes, { consistent: true }),
      readOfficeAccounts(),
    ]);
    // A booked currency's amount is what its accounts hold together.
    for (const reserve of withBookedAmounts([...records.values()], accounts)) {
      const below = reserve.amount < reserve.alertLevel;
      const booked = reserve.bookedAt !== null;
      if (below && reserve.alertState === 'armed') await raiseAlert(reserve, now);
      if (!below && reserve.alertState === 'alerted')
        await rearmAlert(reserve.code, now.toISOString(), booked);
    }
  } catch (error) {
    logger.error('reserve alert check failed', { codes, error: (error as Error).message });
  }
}

/**
 * Once per crossing: the flip of the alert state (conditional, so of two writers seeing the same
 * crossing only one alerts) with an in-app notification to every active staff member in their
 * language and the mail to the staff address of staffNotifyEmail (if set, as an outbox item), in
 * one transaction (further transactions beyond 48 staff members).
 */
async function raiseAlert(reserve: ReserveRecord, now: Date): Promise<void> {
  const at = now.toISOString();
  const alert: ReserveAlertInput = {
    code: reserve.code,
    amount: reserve.amount,
    alertLevel: reserve.alertLevel,
    at,
    timeZone: await settingValue('businessTimeZone'),
  };
  const notices = (await listActiveStaff()).map((member) =>
    notificationPuts({
      id: newNotificationId(now),
      userId: member.id,
      type: 'RESERVE_LOW',
      currency: reserve.code,
      ...reserveAlertMessage(member.language, alert, member.role as StaffRole),
      isRead: false,
      createdAt: at,
    }),
  );
  const mail = await staffMailItems(alert, now);
  try {
    await new Transaction()
      .add('alert', alertFlip(reserve.code, 'alerted', at, reserve.bookedAt !== null))
      .add('mail', ...mail)
      .add('notices', ...notices.slice(0, FIRST_BATCH).flat())
      .run();
  } catch (error) {
    // Someone else flipped it first (and alerts), or the amount is back above the level.
    if (error instanceof TransactionCancelledError && error.failedOn('alert')) return;
    throw error;
  }
  countQueuedMails(mail.length);
  for (let start = FIRST_BATCH; start < notices.length; start += BATCH) {
    await transactWrite(notices.slice(start, start + BATCH).flat());
  }
}

/** The staff mail of a low reserve, in the exchange's default language; none when the setting is empty. */
async function staffMailItems(alert: ReserveAlertInput, now: Date): Promise<TransactItem[]> {
  const to = await settingValue('staffNotifyEmail');
  return to === '' ? [] : [outboxPut('reserve-alert', reserveAlertMail(to, DEFAULT_LANGUAGE, alert), now)];
}

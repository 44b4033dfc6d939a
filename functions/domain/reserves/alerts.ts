import { logger } from '@functions/commons/logger';
import { sendMail } from '@functions/commons/mailer';
import { listActiveStaff } from '@functions/data/admin-users';
import { newNotificationId, notificationPuts } from '@functions/data/notifications';
import { alertFlip, findReserves, type ReserveRecord, rearmAlert } from '@functions/data/reserves';
import { TransactionCancelledError, transactWrite } from '@functions/data/transactions';
import { type ReserveAlertInput, reserveAlertMail, reserveAlertMessage } from '@functions/mail/reserve-alert';
import { DEFAULT_LANGUAGE } from '@shared/enums';
import { settingValue } from '../settings/settings';

/** Staff notified in the alert's own transaction (each notification is 2 items, the flip 1: at most 100). */
const FIRST_BATCH = 49;
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
    const reserves = await findReserves(codes, { consistent: true });
    for (const reserve of reserves.values()) {
      const below = reserve.amount < reserve.alertLevel;
      if (below && reserve.alertState === 'armed') await raiseAlert(reserve, now);
      if (!below && reserve.alertState === 'alerted') await rearmAlert(reserve.code, now.toISOString());
    }
  } catch (error) {
    logger.error('reserve alert check failed', { codes, error: (error as Error).message });
  }
}

/**
 * Once per crossing: the flip of the alert state (conditional, so of two writers seeing the same
 * crossing only one alerts) with an in-app notification to every active staff member in their
 * language, in one transaction (further transactions beyond 49 staff members); then one mail to
 * the staff address of staffNotifyEmail, if set.
 */
async function raiseAlert(reserve: ReserveRecord, now: Date): Promise<void> {
  const at = now.toISOString();
  const alert: ReserveAlertInput = {
    code: reserve.code,
    amount: reserve.amount,
    alertLevel: reserve.alertLevel,
    at,
  };
  const notices = (await listActiveStaff()).map((member) =>
    notificationPuts({
      id: newNotificationId(now),
      userId: member.id,
      type: 'RESERVE_LOW',
      currency: reserve.code,
      ...reserveAlertMessage(member.language, alert),
      isRead: false,
      createdAt: at,
    }),
  );
  try {
    await transactWrite([alertFlip(reserve.code, 'alerted', at), ...notices.slice(0, FIRST_BATCH).flat()]);
  } catch (error) {
    // Someone else flipped it first (and alerts), or the amount is back above the level.
    if (error instanceof TransactionCancelledError && error.failedAt(0)) return;
    throw error;
  }
  for (let start = FIRST_BATCH; start < notices.length; start += BATCH) {
    await transactWrite(notices.slice(start, start + BATCH).flat());
  }
  await mailStaffAboutReserve(alert);
}

/** The staff mail of a low reserve, in the exchange's default language; none when the setting is empty. */
async function mailStaffAboutReserve(alert: ReserveAlertInput): Promise<void> {
  try {
    const to = await settingValue('staffNotifyEmail');
    if (to === '') return;
    await sendMail(reserveAlertMail(to, DEFAULT_LANGUAGE, alert));
  } catch (error) {
    logger.error('reserve alert mail failed', { code: alert.code, error: (error as Error).message });
  }
}

import { logger } from '@functions/commons/logger';
import { type AmlResult, type AmlSignal, AmlUnavailable } from '@functions/data/aml';
import {
  findPaymentScreening,
  type PaymentScreeningRecord,
  savePaymentScreening,
} from '@functions/data/payment-screenings';
import { amlConfigured, readAmlCheck, requestAmlCheck } from '@functions/domain/aml/checks';
import { findBlacklistMatch, recordBlacklistMatch } from '@functions/domain/blacklist/matches';
import { settingValue } from '@functions/domain/settings/settings';
import type { HoldReason, PaymentHold } from '@shared/contract/deal';
import { compare } from '@shared/money';

/**
 * The screening of a client's USDT payment before the deal is confirmed (docs/product.md "Held
 * payments", docs/architecture.md "The chain watcher"): the operator's blacklist of TRON addresses,
 * then the AML provider's score of the transaction. At or below the setting `amlRiskThreshold` it
 * is clear; above it, or unscored after `amlMaxAttempts` failed tries, the deal is held for staff.
 * A check still pending, or a provider failure before the limit, waits for the watcher's next run.
 * Without an AML key the check is off (the admin says so) and only the blacklist screens.
 */

export interface IncomingPayment {
  txId: string;
  sender: string;
}

export type Screening =
  | { verdict: 'clear' }
  | { verdict: 'pending' }
  | { verdict: 'hold'; hold: Omit<PaymentHold, 'at' | 'expectedBy' | 'released'> };

const held = (
  payment: IncomingPayment,
  reason: HoldReason,
  scored: { riskScore: string | null; threshold: string | null; signals?: readonly AmlSignal[] } = {
    riskScore: null,
    threshold: null,
  },
): Screening => ({
  verdict: 'hold',
  hold: {
    reason,
    txId: payment.txId,
    sender: payment.sender,
    riskScore: scored.riskScore,
    threshold: scored.threshold,
    signals: [...(scored.signals ?? [])],
  },
});

export async function screenIncomingPayment(
  payment: IncomingPayment,
  applicationId: string,
  now: Date,
): Promise<Screening> {
  const listed = await findBlacklistMatch([{ kind: 'tronAddress', value: payment.sender }]);
  if (listed) {
    await recordBlacklistMatch(listed, 'payment', { applicationId }, null, now);
    return held(payment, 'blacklisted');
  }
  if (!(await amlConfigured())) return { verdict: 'clear' };
  const screening = await advancedScreening(payment, now);
  if (screening.status === 'completed' && screening.riskScore !== null) {
    const threshold = String(await settingValue('amlRiskThreshold'));
    if (compare(screening.riskScore, threshold) <= 0) return { verdict: 'clear' };
    return held(payment, 'amlRisk', {
      riskScore: screening.riskScore,
      threshold,
      signals: screening.signals,
    });
  }
  if (screening.failures >= (await settingValue('amlMaxAttempts'))) return held(payment, 'amlUnchecked');
  return { verdict: 'pending' };
}

/**
 * The transaction's check one step further: started when there is none yet (counted in the month's
 * checks), read again while pending; a failure of the provider is counted on it, to be tried again.
 */
async function advancedScreening(payment: IncomingPayment, now: Date): Promise<PaymentScreeningRecord> {
  const at = now.toISOString();
  const before = await findPaymentScreening(payment.txId);
  if (before?.status === 'completed') return before;
  let current: PaymentScreeningRecord = before ?? {
    txId: payment.txId,
    sender: payment.sender,
    providerId: null,
    status: 'pending',
    riskScore: null,
    signals: [],
    failures: 0,
    lastError: null,
    startedAt: at,
    updatedAt: at,
  };
  const answered = (result: AmlResult) => ({
    ...current,
    providerId: result.providerId,
    status: result.status,
    riskScore: result.riskScore,
    signals: result.signals,
  });
  try {
    // Kept as soon as the provider names the check, so a failed read later never starts a second one.
    if (current.providerId === null)
      current = answered(
        await requestAmlCheck(
          { type: 'transaction', address: payment.sender, transaction: payment.txId },
          now,
        ),
      );
    // Read once more right away: most checks finish within seconds.
    if (current.status === 'pending') current = answered(await readAmlCheck(current.providerId!));
    current = { ...current, failures: 0, lastError: null, updatedAt: at };
  } catch (error) {
    if (!(error instanceof AmlUnavailable)) throw error;
    logger.warn('AML check not answered: the watcher tries again', {
      txId: payment.txId,
      error: error.message,
    });
    current = { ...current, failures: current.failures + 1, lastError: error.message, updatedAt: at };
  }
  await savePaymentScreening(current);
  return current;
}

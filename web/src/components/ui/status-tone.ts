import { type StatusTone, statusTone } from '@shared/enums';
import type { BadgeTone } from './badge';

const BADGE_TONES: Record<StatusTone, BadgeTone> = {
  pending: 'warning',
  progress: 'info',
  success: 'success',
  danger: 'danger',
  neutral: 'neutral',
  unknown: 'neutral',
};

/**
 * The badge colour of an application status, for the user's list and the admin screens alike
 * (docs/product.md §4: EXCHANGING, PAID, CONFIRMED, WAITING_PAYMENT as in progress; EXPIRED red like rejected).
 */
export function statusBadgeTone(status: string): BadgeTone {
  return BADGE_TONES[statusTone(status)];
}

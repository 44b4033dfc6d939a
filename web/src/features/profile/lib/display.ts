import { statusTone } from '@shared/enums';
import type { BadgeTone } from '@web/components/ui/badge';
import { statusBadgeTone } from '@web/components/ui/status-tone';

/** How a status looks: its colour and whether it is known at all (others show "unknown"). */
export function statusDisplay(status: string): { tone: BadgeTone; known: boolean } {
  return { tone: statusBadgeTone(status), known: statusTone(status) !== 'unknown' };
}

/** The referral link: the site origin with the `ref` query parameter (docs/product.md §2). */
export function referralLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/?ref=${encodeURIComponent(code)}`;
}

import { APPLICATION_ID_DISPLAY_LENGTH } from '@shared/constants';
import { statusTone } from '@shared/enums';
import type { BadgeTone } from '@web/components/ui/badge';
import { statusBadgeTone } from '@web/components/ui/status-tone';

/** Application ids are shown to users as their first 8 characters (spec §2). */
export function shortId(id: string): string {
  return id.slice(0, APPLICATION_ID_DISPLAY_LENGTH);
}

/** How a status looks: its colour and whether it is known at all (others show "unknown"). */
export function statusDisplay(status: string): { tone: BadgeTone; known: boolean } {
  return { tone: statusBadgeTone(status), known: statusTone(status) !== 'unknown' };
}

/** The name part of a dotted geo key (`europe.germany.berlin` → `Berlin`). */
export function geoKeyName(key: string | null): string {
  if (!key) return '';
  const last = key.split('.').pop() ?? '';
  return last
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The referral link: the site origin with the `ref` query parameter (spec §2). */
export function referralLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/?ref=${encodeURIComponent(code)}`;
}

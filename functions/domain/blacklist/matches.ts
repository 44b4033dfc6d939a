import { currentRequestOrigin } from '@functions/commons/request-origin';
import { auditPut } from '@functions/data/audit';
import { type BlacklistRecord, findBlacklistEntries } from '@functions/data/blacklist';
import { transactWrite } from '@functions/data/transactions';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import { type BlacklistKind, normalizeBlacklistValue } from '@shared/blacklist';
import { blacklistTargetId } from './entries';
import { RequestNotAccepted } from './errors';

/**
 * Whether a request's values are on the operator's blacklists, and the audit entry of a match
 * (docs/product.md "Blacklists"). Registration and a new application are refused on a match, as are
 * the payout details a client gives later (`refuseIfBlacklisted`); a payment that matches holds the
 * deal for staff (the caller's move), after `recordBlacklistMatch`.
 */

/** An entry of a list, as the checks see it. */
export type BlacklistEntry = BlacklistRecord;

/**
 * A value to look up, as it came (it is normalized here, shared/blacklist.ts): a card is
 * `last4|holder`.
 */
export interface BlacklistCandidate {
  kind: BlacklistKind;
  value: string;
}

/** Where a match was found. */
export type BlacklistMatchPlace = 'registration' | 'application' | 'payment' | 'partnerPayout';

/** Whom the refused or held request was about (none yet at registration). */
export interface BlacklistMatchSubject {
  applicationId?: string;
  userId?: string;
}

/**
 * The first of `candidates` (in their order) that is listed, or null: one consistent BatchGetItem
 * of all of them (pattern 51); empty values are not looked up.
 */
export async function findBlacklistMatch(
  candidates: readonly BlacklistCandidate[],
): Promise<BlacklistEntry | null> {
  const wanted = candidates
    .filter((candidate) => candidate.value.trim() !== '')
    .map((candidate) => ({
      kind: candidate.kind,
      value: normalizeBlacklistValue(candidate.kind, candidate.value),
    }));
  if (wanted.length === 0) return null;
  const found = await findBlacklistEntries(wanted);
  for (const candidate of wanted) {
    const entry = found.find((record) => record.kind === candidate.kind && record.value === candidate.value);
    if (entry) return entry;
  }
  return null;
}

/**
 * The audit entry of a match (`blacklist.match` in the entry's own trail, target `blacklist` /
 * `{kind}:{value}`): where, about whom, by whom (a null actor: the system, as for the chain
 * watcher). The request's address and device come with it as on every entry.
 */
export async function recordBlacklistMatch(
  entry: BlacklistEntry,
  where: BlacklistMatchPlace,
  subject: BlacklistMatchSubject,
  actor: RecordedActor | null,
  now = new Date(),
): Promise<void> {
  await transactWrite([
    auditPut({
      actorId: actor?.id ?? null,
      actorRole: actor?.role ?? 'SYSTEM',
      action: 'blacklist.match',
      targetType: 'blacklist',
      targetId: blacklistTargetId(entry.kind, entry.value),
      before: null,
      after: {
        where,
        kind: entry.kind,
        value: entry.value,
        applicationId: subject.applicationId ?? null,
        userId: subject.userId ?? null,
      },
      at: now,
    }),
  ]);
}

/** The address of the request being served, as a candidate (none outside a request). */
export function requestAddressCandidates(): BlacklistCandidate[] {
  const ip = currentRequestOrigin()?.ip;
  return ip ? [{ kind: 'ip', value: ip }] : [];
}

/**
 * Refuses the request (RequestNotAccepted, its neutral text) when one of `candidates` is listed,
 * after recording the match; otherwise nothing.
 */
export async function refuseIfBlacklisted(
  candidates: readonly BlacklistCandidate[],
  where: Exclude<BlacklistMatchPlace, 'payment'>,
  subject: BlacklistMatchSubject,
  actor: RecordedActor | null,
): Promise<void> {
  const entry = await findBlacklistMatch(candidates);
  if (!entry) return;
  await recordBlacklistMatch(entry, where, subject, actor);
  throw new RequestNotAccepted();
}

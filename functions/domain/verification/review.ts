import { applicationsAwaitingCard, payerCardVerified } from '@functions/data/applications';
import { auditPut } from '@functions/data/audit';
import { standingFollows } from '@functions/data/cards';
import { Transaction, TransactionCancelledError } from '@functions/data/transactions';
import { readUrl } from '@functions/data/uploads';
import { findUserSummaries } from '@functions/data/user-summaries';
import { findUserById, verificationTierRaise } from '@functions/data/users';
import {
  findVerificationRequest,
  readVerificationQueue,
  type VerificationRequestRecord,
  verificationRequestDecided,
} from '@functions/data/verification-requests';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import type {
  VerificationDecisionBody,
  VerificationDetail,
  VerificationQueue,
  VerificationQueueItem,
} from '@shared/contract/verification';
import { isOpen } from '@shared/lifecycle';
import {
  TIER_OF_KIND,
  tierOf,
  tierRank,
  VERIFICATION_DECIDED_SHOWN,
  type VerificationPhotoRole,
} from '@shared/verification';
import {
  OwnVerification,
  VerificationAlreadyDecided,
  VerificationNotFound,
  VerificationSubjectGone,
} from './errors';
import { standingOf } from './requests';

/**
 * Staff's verification queue (docs/operations.md "Reviewing verifications"): MANAGER and above see
 * the requests sent, open one with its photos as 5-minute links (never answered to a client), and
 * approve it (the card verified, the client's tier raised, never lowered) or reject it with the
 * reason the client is shown; each decision is audited in its own transaction.
 */

/** At most this many requests under review are listed (oldest first); more wait their turn. */
const PENDING_SHOWN = 200;
/** Tries of a decision whose tier read was overtaken by another approval meanwhile. */
const DECISION_TRIES = 3;

function queueItem(request: VerificationRequestRecord, email: string | null): VerificationQueueItem {
  return {
    id: request.id,
    kind: request.kind,
    state: request.state,
    userId: request.userId,
    email,
    card: request.card,
    submittedAt: request.submittedAt,
    decidedAt: request.decidedAt,
  };
}

/** GET /admin/verification: the requests under review, oldest first, then the newest decided ones. */
export async function readQueue(): Promise<VerificationQueue> {
  const { pending, decided } = await readVerificationQueue({
    pending: PENDING_SHOWN,
    decided: VERIFICATION_DECIDED_SHOWN,
  });
  const owners = await findUserSummaries(new Set([...pending, ...decided].map((request) => request.userId)));
  const item = (request: VerificationRequestRecord) =>
    queueItem(request, owners.get(request.userId)?.email ?? null);
  return { pending: pending.map(item), decided: decided.map(item) };
}

async function detailOf(request: VerificationRequestRecord): Promise<VerificationDetail> {
  const owner = (await findUserSummaries([request.userId])).get(request.userId);
  const kept = Object.entries(request.kept ?? {}) as Array<[VerificationPhotoRole, string]>;
  const photos = await Promise.all(
    kept.map(async ([role, key]) => {
      const contentType = request.photos[role]?.contentType ?? 'image/jpeg';
      return { role, url: await readUrl(key, { fileName: `${role}-${request.id}`, contentType }) };
    }),
  );
  return {
    ...queueItem(request, owner?.email ?? null),
    code: request.code,
    reason: request.reason,
    decidedBy: request.decidedBy,
    photos,
    photosDeletedAt: request.photosDeletedAt,
  };
}

/** A request staff may see: sent to them (one still awaiting photos reads as missing). */
async function sentRequest(id: string): Promise<VerificationRequestRecord> {
  const request = await findVerificationRequest(id);
  if (!request || request.state === 'awaitingPhotos') throw new VerificationNotFound();
  return request;
}

/** GET /admin/verification/{id}: one request with its photos' links. */
export async function readVerification(id: string): Promise<VerificationDetail> {
  return detailOf(await sentRequest(id));
}

/**
 * POST /admin/verification/{id}/decision. Approval writes, in one transaction, the request decided
 * (conditional on still pending), its card or identity verified (conditional on still naming this
 * request: a card removed meanwhile is not verified, and the request can then only be rejected),
 * the client's tier raised when it is below the kind's (conditional on the tier read) and the audit
 * entry. Rejection writes the reason in the same places, without the tier.
 */
export async function decideVerification(
  id: string,
  body: VerificationDecisionBody,
  actor: RecordedActor,
  now = new Date(),
): Promise<VerificationDetail> {
  // A rejection of a card removed meanwhile writes no card (there is none to mark).
  let withStanding = true;
  for (let attempt = 1; ; attempt++) {
    const request = await sentRequest(id);
    if (request.userId === actor.id) throw new OwnVerification();
    if (request.state !== 'pending') throw new VerificationAlreadyDecided(request.state);
    const user = await findUserById(request.userId, true);
    if (!user) throw new VerificationNotFound();
    const approve = body.decision === 'approve';
    const reason = body.decision === 'reject' ? body.reason : null;
    const target = TIER_OF_KIND[request.kind];
    const raise = approve && tierRank(tierOf(user)) < tierRank(target);
    const at = now.toISOString();
    const transaction = new Transaction().add(
      'request',
      verificationRequestDecided(id, {
        state: approve ? 'approved' : 'rejected',
        at,
        by: actor.id,
        reason,
      }),
    );
    if (withStanding) {
      transaction.add(
        'standing',
        standingFollows(standingOf(request), id, approve ? 'verified' : 'rejected', reason),
      );
    }
    if (raise) transaction.add('tier', verificationTierRaise(user.id, target, user.verificationTier));
    // The client's deals under way that wait for this card go on (their instructions may be issued).
    if (approve && withStanding && request.kind === 'card' && request.cardId) {
      for (const deal of await applicationsAwaitingCard(request.userId, request.cardId)) {
        if (isOpen(deal.status))
          transaction.add(`deal:${deal.id}`, payerCardVerified(deal.id, request.cardId, at));
      }
    }
    transaction.add(
      'audit',
      auditPut({
        actorId: actor.id,
        actorRole: actor.role,
        action: approve ? 'verification.approve' : 'verification.reject',
        targetType: 'verification',
        targetId: id,
        before: { state: request.state, tier: tierOf(user) },
        after: {
          state: approve ? 'approved' : 'rejected',
          kind: request.kind,
          userId: request.userId,
          ...(request.card ? { card: request.card } : {}),
          reason,
          tier: raise ? target : tierOf(user),
        },
        at: now,
      }),
    );
    try {
      await transaction.run();
      return detailOf({
        ...request,
        state: approve ? 'approved' : 'rejected',
        decidedAt: at,
        decidedBy: actor.id,
        reason,
      });
    } catch (error) {
      if (!(error instanceof TransactionCancelledError)) throw error;
      if (error.failedOn('request')) {
        const meanwhile = await findVerificationRequest(id);
        throw new VerificationAlreadyDecided(meanwhile?.state ?? 'gone');
      }
      if (error.failedOn('standing')) {
        if (approve || attempt >= DECISION_TRIES) throw new VerificationSubjectGone();
        withStanding = false;
        continue;
      }
      const dealMoved = error.failed.some((part) => part.startsWith('deal:'));
      if ((error.failedOn('tier') || dealMoved) && attempt < DECISION_TRIES) continue;
      throw error;
    }
  }
}

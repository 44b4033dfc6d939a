import { randomUUID } from 'node:crypto';
import {
  type CardRecord,
  cardDelete,
  cardPut,
  readStandings,
  type StandingFields,
} from '@functions/data/cards';
import { Transaction, TransactionCancelledError } from '@functions/data/transactions';
import type { UserRecord } from '@functions/data/users';
import type { AddCardBody, CardView, MyVerification } from '@shared/contract/verification';
import { MAX_CARDS_PER_USER, tierOf, type VerificationState } from '@shared/verification';
import { CardNotFound, TooManyCards } from './errors';

/**
 * A client's cards (docs/product.md "Cards and verification"): the bank, the last four digits and
 * the holder's name, never the number; each with the newest request to verify it.
 */

function requestOf(standing: StandingFields): CardView['request'] {
  if (standing.requestId === null || standing.status === 'unverified') return null;
  const state: VerificationState = standing.status === 'verified' ? 'approved' : standing.status;
  return { id: standing.requestId, state, code: standing.code, reason: standing.reason };
}

export function cardView(card: CardRecord): CardView {
  return {
    id: card.id,
    bank: card.bank,
    last4: card.last4,
    holder: card.holder,
    status: card.status,
    request: requestOf(card),
    createdAt: card.createdAt,
  };
}

/** GET /verification: the caller's tier, cards and identity standing. */
export async function readMyVerification(user: UserRecord): Promise<MyVerification> {
  const { cards, identity } = await readStandings(user.id);
  return {
    tier: tierOf(user),
    cards: cards.map(cardView),
    identity: { status: identity.status, request: requestOf(identity) },
  };
}

/**
 * POST /cards: a new unverified card, at most MAX_CARDS_PER_USER (counted on the read before the
 * write: a client racing themselves could keep one more, which limits nothing that matters).
 */
export async function addCard(userId: string, body: AddCardBody, now = new Date()): Promise<CardView> {
  const { cards } = await readStandings(userId);
  if (cards.length >= MAX_CARDS_PER_USER) throw new TooManyCards(MAX_CARDS_PER_USER);
  const card = { id: randomUUID(), userId, ...body, createdAt: now.toISOString() };
  await new Transaction().add('card', cardPut(card)).run();
  return cardView({ ...card, status: 'unverified', requestId: null, code: null, reason: null });
}

/** DELETE /cards/{id}: applications keep the snapshot of the card they were paid from. */
export async function removeCard(userId: string, cardId: string): Promise<void> {
  try {
    await new Transaction().add('card', cardDelete(userId, cardId)).run();
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.failedOn('card')) throw new CardNotFound();
    throw error;
  }
}

import type { PayerCard } from '@functions/data/applications';
import { findCard } from '@functions/data/cards';
import { findDirection } from '@functions/data/rates';
import { parseAssetKey } from '@shared/assets';
import type { StandardApplicationBody } from '@shared/contract/applications';
import { fieldError } from '@shared/field-rules';
import { compare } from '@shared/money';
import { ApplicationRulesBroken } from '../applications/errors';
import { CardNotFound } from './errors';

/**
 * The card a client pays a card → … application from (docs/product.md "Cards and verification"):
 * one of their cards, as it is now, and whether the direction asks for it to be verified (always,
 * or above an amount of the given side). An application from an unverified card is still made and
 * waits: staff issue no instructions until the card is verified (the lifecycle's `cardVerified`).
 */
export async function payerCardOf(userId: string, body: StandardApplicationBody): Promise<PayerCard | null> {
  const given = parseAssetKey(body.assetFrom);
  if (given?.kind !== 'fiat' || given.fiatKind !== 'card') return null;
  const [direction, card] = await Promise.all([
    findDirection(body.assetFrom, body.assetTo),
    body.payerCardId ? findCard(userId, body.payerCardId) : Promise.resolve(undefined),
  ]);
  const rule = direction?.cardVerification ?? 'never';
  const above = direction?.cardVerificationAbove ?? null;
  const verificationRequired =
    rule === 'always' ||
    (rule === 'above' && above !== null && compare(String(body.amount), String(above)) > 0);
  if (!body.payerCardId) {
    if (verificationRequired)
      throw new ApplicationRulesBroken([fieldError('payerCardId', 'payerCardRequired')]);
    return null;
  }
  if (!card) throw new CardNotFound();
  return {
    id: card.id,
    bank: card.bank,
    last4: card.last4,
    holder: card.holder,
    verified: card.status === 'verified',
    verificationRequired,
  };
}

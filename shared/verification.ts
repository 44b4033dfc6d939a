/**
 * A client's verification tier (docs/product.md "Verification and limits"): what they proved to the
 * office, which sets their limits. Every account starts at `email` (its address verified); staff's
 * approval of a card photo raises it to `card`, of a document and a selfie to `identity`.
 */
export const VERIFICATION_TIERS = ['email', 'card', 'identity'] as const;
export type VerificationTier = (typeof VERIFICATION_TIERS)[number];

/** A client's tier from what the user item keeps (`verificationTier`, absent until staff approve one). */
export function tierOf(user: { verificationTier?: VerificationTier | null }): VerificationTier {
  return user.verificationTier ?? 'email';
}

/** A tier's rank: an approval raises a client to its tier, never lowers them (identity stays above card). */
export function tierRank(tier: VerificationTier): number {
  return VERIFICATION_TIERS.indexOf(tier);
}

/** The cards one client may keep in their profile. */
export const MAX_CARDS_PER_USER = 10;
export const CARD_BANK_MAX_LENGTH = 60;
export const CARD_HOLDER_MAX_LENGTH = 80;
/** The digits of the code a card's photo shows beside the card (a new one per verification request). */
export const VERIFICATION_CODE_LENGTH = 6;
/** The longest reason staff give for refusing a photo (shown to the client). */
export const VERIFICATION_REASON_MAX_LENGTH = 500;
/** How many requests the staff queue shows of those already decided (newest first, after the pending ones). */
export const VERIFICATION_DECIDED_SHOWN = 50;

/**
 * What a verification proves: a card (a photo of it beside the request's code, the middle digits
 * covered) or the client's identity (a document photo and a selfie).
 */
export const VERIFICATION_KINDS = ['card', 'identity'] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];

/** The photos each kind needs. */
export const VERIFICATION_PHOTO_ROLES = ['card', 'document', 'selfie'] as const;
export type VerificationPhotoRole = (typeof VERIFICATION_PHOTO_ROLES)[number];
export const PHOTOS_OF_KIND: Readonly<Record<VerificationKind, readonly VerificationPhotoRole[]>> = {
  card: ['card'],
  identity: ['document', 'selfie'],
};
/** The tier an approval of each kind raises its client to. */
export const TIER_OF_KIND: Readonly<Record<VerificationKind, VerificationTier>> = {
  card: 'card',
  identity: 'identity',
};
/** Photos are pictures: JPEG or PNG (a subset of the thread's attachment types, checked the same way). */
export const VERIFICATION_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;

/**
 * A request's state: the client still sends its photos (`awaitingPhotos`), staff review it
 * (`pending`), then `approved` or `rejected` with a reason.
 */
export const VERIFICATION_STATES = ['awaitingPhotos', 'pending', 'approved', 'rejected'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/**
 * A card's or the identity's standing as the client sees it: never asked, waiting for photos,
 * under review, verified or rejected (the newest request's state).
 */
export const VERIFICATION_STATUSES = [
  'unverified',
  'awaitingPhotos',
  'pending',
  'verified',
  'rejected',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/**
 * A holder's name as names are compared (the payer's name staff enter at confirmation against the
 * verified holder's): case, spacing and the dots of initials ignored.
 */
export function comparableName(name: string): string {
  return name
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[.\s]+/g, ' ')
    .trim();
}

/**
 * When a direction asks the client to pay from a verified card (docs/product.md "Cards and
 * verification"): never, always, or above an amount of its given side (`cardVerificationAbove`).
 */
export const CARD_VERIFICATION_RULES = ['never', 'always', 'above'] as const;
export type CardVerificationRule = (typeof CARD_VERIFICATION_RULES)[number];

/** One physical card however often it is added: its last four digits and its holder's name as compared. */
export function cardIdentity(card: { last4: string; holder: string }): string {
  return `${card.last4}|${comparableName(card.holder)}`;
}

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

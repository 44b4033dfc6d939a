/**
 * The sections of the legal documents, in display order (docs/product.md §2 "Legal pages"). Each key is the
 * section's element id, so `/license-agreement#fees` lands on the fees section, and the key under
 * `<doc>.sections` in `locales/{ru,en}/legal.json`.
 */
export const LICENSE_SECTION_KEYS = [
  'risk_confirmation',
  'definitions',
  'general_provisions',
  'platform_use',
  'registration_verification',
  'rights_obligations',
  'warranties_representations',
  'announcements',
  'fees',
  'termination',
  'platform_information',
  'privacy',
  'dispute_resolution',
] as const;

export const PRIVACY_SECTION_KEYS = [
  'introduction',
  'data_collection',
  'data_usage',
  'data_sharing',
  'cookies',
  'security',
  'user_rights',
  'changes',
  'consent',
] as const;

/** The questions of the built-in FAQ (`/faq`), in display order. */
export const FAQ_SECTION_KEYS = [
  'directions',
  'application',
  'payment_window',
  'paid',
  'usdt_confirmations',
  'limits',
  'support',
] as const;

/** The sections of the built-in AML/KYC rules (`/aml-kyc`), in display order. */
export const AML_KYC_SECTION_KEYS = ['purpose', 'checks', 'identity', 'held_payments', 'refunds'] as const;

/** Top-level key of each document in the `legal` namespace. */
export type LegalDocumentKey = 'license' | 'privacy' | 'faq' | 'amlKyc';

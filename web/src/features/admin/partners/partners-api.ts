import type { DirectionTermsBody, PartnerTermsBody } from '@shared/contract/partners';
import {
  adminListPartners,
  adminPayPartnerPayout,
  adminRejectPartnerPayout,
  adminSetDefaultPartnerTerms,
  adminSetPartnerTerms,
} from '@shared/routes/partners';
import { call } from '@web/lib/api-client';

/**
 * The partners page's calls (docs/product.md "Partners"): partners, default terms and waiting
 * payouts in one answer; a partner's terms, the default terms; a payout paid (by its hash) or refused.
 */
export const partnersApi = {
  list: async (signal?: AbortSignal) => (await call(adminListPartners, { signal })).data,
  setTerms: async (id: string, body: PartnerTermsBody) =>
    (await call(adminSetPartnerTerms, { params: { id }, body })).data,
  setDefaults: async (directionTerms: DirectionTermsBody[]) =>
    (await call(adminSetDefaultPartnerTerms, { body: { directionTerms } })).data,
  pay: async (id: string, txHash: string) =>
    (await call(adminPayPartnerPayout, { params: { id }, body: { txHash } })).data,
  reject: async (id: string, reason: string) =>
    (await call(adminRejectPartnerPayout, { params: { id }, body: { reason } })).data,
};

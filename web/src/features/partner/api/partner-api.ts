import type { PartnerCodeBody, PartnerPayoutBody } from '@shared/contract/partners';
import {
  issuePartnerApiKey,
  myPartnerOverview,
  requestPartnerPayout,
  setPartnerCode,
} from '@shared/routes/partners';
import { call } from '@web/lib/api-client';

/** The partner page's calls (docs/product.md "Partners"): the overview, the link's code, a payout asked for, a new API key. */
export const partnerApi = {
  overview: async (signal?: AbortSignal) => (await call(myPartnerOverview, { signal })).data,
  setCode: async (body: PartnerCodeBody) => (await call(setPartnerCode, { body })).data,
  requestPayout: async (body: PartnerPayoutBody) => (await call(requestPartnerPayout, { body })).data,
  issueKey: async () => (await call(issuePartnerApiKey)).data,
};

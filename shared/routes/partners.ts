// Routes of one area of the manifest (docs/architecture.md §2): the partner program — a client's partner page, payout requests and API key, staff's terms and payouts, and the read-only partner API.
import {
  defaultPartnerTermsBodySchema,
  partnerApiHeadersSchema,
  partnerCodeBodySchema,
  partnerParamsSchema,
  partnerPayoutBodySchema,
  partnerPayoutPayBodySchema,
  partnerPayoutRejectBodySchema,
  partnerStatisticsQuerySchema,
  partnerTermsBodySchema,
} from '@shared/contract/partners';
import type { RouteDefinition } from './definition';

export const myPartnerOverview = {
  method: 'GET',
  path: '/api/partner',
  handler: 'handlers/partners/overview',
  access: 'user',
  summary:
    "Own partner link, terms, balance, the last 30 business days' clicks, registrations, deals and earnings, payouts and API key",
  tag: 'partners',
  response: 'partnerOverviewSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const setPartnerCode = {
  method: 'PUT',
  path: '/api/partner/code',
  handler: 'handlers/partners/set-code',
  access: 'user',
  summary:
    "Choose the code of one's partner link (4-16 letters and digits); links with an earlier code still count",
  tag: 'partners',
  body: partnerCodeBodySchema,
  response: 'partnerCodeSchema',
  uses: { table: 'readWrite' },
  rollout: 'canary',
} as const satisfies RouteDefinition;

export const requestPartnerPayout = {
  method: 'POST',
  path: '/api/partner/payouts',
  handler: 'handlers/partners/request-payout',
  access: 'user',
  summary:
    'Ask for a payout of earned USDT to a TRC-20 address, at least the minimum and at most what is available',
  tag: 'partners',
  body: partnerPayoutBodySchema,
  response: 'partnerPayoutSchema',
  successStatus: 201,
  // The address is screened against the USDT blacklist (functions/data/tron.ts).
  uses: { table: 'readWrite', tron: true },
  rollout: 'canary',
} as const satisfies RouteDefinition;

export const issuePartnerApiKey = {
  method: 'POST',
  path: '/api/partner/api-key',
  handler: 'handlers/partners/issue-api-key',
  access: 'user',
  summary: 'A new key for the partner API, shown once; the key before stops working',
  tag: 'partners',
  response: 'partnerApiKeySchema',
  successStatus: 201,
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const partnerApiStatistics = {
  method: 'GET',
  path: '/api/partner-api/statistics',
  handler: 'handlers/partners/api-statistics',
  access: 'public',
  summary:
    'Partner API (key in X-Partner-Key): clicks, registrations, deals and earnings per business day from `from` to `to` (default the last 30, at most 92), their totals and the balance',
  tag: 'partner-api',
  headers: partnerApiHeadersSchema,
  query: partnerStatisticsQuerySchema,
  response: 'partnerStatisticsSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const partnerApiPayouts = {
  method: 'GET',
  path: '/api/partner-api/payouts',
  handler: 'handlers/partners/api-payouts',
  access: 'public',
  summary:
    "Partner API (key in X-Partner-Key): the partner's payouts, newest first, with their state and hash",
  tag: 'partner-api',
  headers: partnerApiHeadersSchema,
  response: 'partnerPayoutsSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminListPartners = {
  method: 'GET',
  path: '/api/admin/partners',
  handler: 'handlers/admin/partners/list',
  access: 'ADMIN',
  summary:
    'Every partner with terms, monitors and balance; the default terms; the payouts waiting to be paid',
  tag: 'admin-partners',
  response: 'adminPartnersSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminSetPartnerTerms = {
  method: 'PUT',
  path: '/api/admin/partners/{id}',
  handler: 'handlers/admin/partners/set-terms',
  access: 'ADMIN',
  summary: "A client's own partner terms (all directions and some) and the monitors' sites they are; audited",
  tag: 'admin-partners',
  params: partnerParamsSchema,
  body: partnerTermsBodySchema,
  response: 'adminPartnerSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminSetDefaultPartnerTerms = {
  method: 'PUT',
  path: '/api/admin/partner-terms',
  handler: 'handlers/admin/partners/set-default-terms',
  access: 'ADMIN',
  summary: "Partners' default terms of some directions (the settings' terms hold for the rest); audited",
  tag: 'admin-partners',
  body: defaultPartnerTermsBodySchema,
  response: 'partnerDefaultTermsSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminPayPartnerPayout = {
  method: 'POST',
  path: '/api/admin/partner-payouts/{id}/pay',
  handler: 'handlers/admin/partners/pay-payout',
  access: 'ADMIN',
  summary:
    "Record a partner's payout paid with its hash, once the chain shows that transfer from an office wallet (the books' entry in the same write); audited",
  tag: 'admin-partners',
  params: partnerParamsSchema,
  body: partnerPayoutPayBodySchema,
  response: 'partnerPayoutSchema',
  uses: { table: 'readWrite', tron: true },
  rollout: 'canary',
} as const satisfies RouteDefinition;

export const adminRejectPartnerPayout = {
  method: 'POST',
  path: '/api/admin/partner-payouts/{id}/reject',
  handler: 'handlers/admin/partners/reject-payout',
  access: 'ADMIN',
  summary: "Refuse a partner's payout with the reason they read; the amount is available again; audited",
  tag: 'admin-partners',
  params: partnerParamsSchema,
  body: partnerPayoutRejectBodySchema,
  response: 'partnerPayoutSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

// Routes of one area of the manifest (docs/architecture.md §2): a payment that arrived otherwise than asked, resolved in the deal.
import { applicationIdParamsSchema } from '@shared/contract/applications';
import {
  closeDealBodySchema,
  paymentResolutionBodySchema,
  releaseHoldBodySchema,
} from '@shared/contract/deal';
import type { RouteDefinition } from './definition';

export const adminResolvePayment = {
  method: 'POST',
  path: '/api/admin/applications/{id}/payment-resolution',
  handler: 'handlers/admin/applications/resolve-payment',
  access: 'MANAGER',
  rollout: 'canary',
  summary:
    'A payment that arrived short, over or late: recalculate at the deal rate, wait for the rest, refund the excess, or offer the current rate',
  tag: 'admin-applications',
  params: applicationIdParamsSchema,
  body: paymentResolutionBodySchema,
  response: 'adminApplicationDetailSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminCloseDeal = {
  method: 'POST',
  path: '/api/admin/applications/{id}/close',
  handler: 'handlers/admin/applications/close-deal',
  access: 'ADMIN',
  rollout: 'canary',
  summary:
    'Complete a deal whose payout differs from what is owed, with a reason; the difference is booked as an adjustment',
  tag: 'admin-applications',
  params: applicationIdParamsSchema,
  body: closeDealBodySchema,
  response: 'adminApplicationDetailSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminReleaseHold = {
  method: 'POST',
  path: '/api/admin/applications/{id}/hold-release',
  handler: 'handlers/admin/applications/release-hold',
  access: 'MANAGER',
  rollout: 'canary',
  summary:
    'Release a held USDT payment after checking its funds: the deal is confirmed, or goes on as a wrong payment',
  tag: 'admin-applications',
  params: applicationIdParamsSchema,
  body: releaseHoldBodySchema,
  response: 'adminApplicationDetailSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const acceptRequote = {
  method: 'POST',
  path: '/api/applications/{id}/requote/accept',
  handler: 'handlers/applications/accept-requote',
  access: 'user',
  rollout: 'canary',
  summary: "Accept staff's new quote for a payment that arrived late: the deal's amounts become the quote's",
  tag: 'applications',
  params: applicationIdParamsSchema,
  response: 'applicationDetailSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

// Routes of one area of the manifest (docs/architecture.md §2): USDT seen on chain (the chain watcher's review list).
import {
  attachChainTransferBodySchema,
  chainTransferParamsSchema,
  refundChainTransferBodySchema,
} from '@shared/contract/chain';
import type { RouteDefinition } from './definition';

export const adminChainReview = {
  method: 'GET',
  path: '/api/admin/chain/review',
  handler: 'handlers/admin/chain/review',
  access: 'MANAGER',
  summary:
    'Incoming USDT transfers the chain watcher could not match by itself (underpaid, overpaid, late, ' +
    'from a blacklisted sender, unknown), oldest first, at most 200, each with its application if any',
  tag: 'chain',
  response: 'chainReviewDataSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminAttachChainTransfer = {
  method: 'POST',
  path: '/api/admin/chain/transfers/{txId}/attach',
  handler: 'handlers/admin/chain/attach',
  access: 'MANAGER',
  rollout: 'canary',
  summary:
    'Attach a transfer waiting for staff to an application waiting for its payment: PAID, and CONFIRMED ' +
    'once the transfer is final, by the system as a match would (the movement in recorded)',
  tag: 'chain',
  params: chainTransferParamsSchema,
  body: attachChainTransferBodySchema,
  response: 'chainTransferActionDataSchema',
  uses: { table: 'readWrite', tron: true },
} as const satisfies RouteDefinition;

export const adminRefundChainTransfer = {
  method: 'POST',
  path: '/api/admin/chain/transfers/{txId}/refund',
  handler: 'handlers/admin/chain/refund',
  access: 'MANAGER',
  rollout: 'canary',
  summary:
    'A transfer waiting for staff was sent back: recorded with the refund transaction hash, off the list',
  tag: 'chain',
  params: chainTransferParamsSchema,
  body: refundChainTransferBodySchema,
  response: 'chainTransferActionDataSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

// Routes of one area of the manifest (docs/architecture.md §2): USDT seen on chain (the chain watcher's review list).
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

// Routes of one area of the manifest (docs/architecture.md §2): live push's ticket (docs/architecture.md "Live push").
import type { RouteDefinition } from './definition';

export const createLiveTicket = {
  method: 'POST',
  path: '/api/live/ticket',
  handler: 'handlers/live/ticket',
  access: 'user',
  summary:
    'Where to open the live WebSocket and a single-use ticket (valid 60 s) to open it with: {url}?ticket={ticket}',
  tag: 'live',
  response: 'liveTicketDataSchema',
  uses: { table: 'readWrite', live: 'url' },
} as const satisfies RouteDefinition;

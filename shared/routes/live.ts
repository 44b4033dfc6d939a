// Routes of one area of the manifest (docs/architecture.md §2): live notices over a WebSocket (issue 28).
import type { RouteDefinition } from './definition';

export const liveTicket = {
  method: 'POST',
  path: '/api/live/ticket',
  handler: 'handlers/live/ticket',
  access: 'user',
  summary: 'A single-use ticket to open the live WebSocket with (a browser cannot set its headers)',
  tag: 'live',
  response: 'liveTicketDataSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

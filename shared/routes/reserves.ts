// Routes of one area of the manifest (docs/architecture.md §2): Reserves: what the office holds per currency (staff).
import { putReservesBodySchema } from '@shared/contract/reserves';
import type { RouteDefinition } from './definition';

export const adminListReserves = {
  method: 'GET',
  path: '/api/admin/reserves',
  handler: 'handlers/admin/reserves/list',
  access: 'MANAGER',
  summary: 'Every reserve with its alert level and whether it is below it (the dashboard shows them)',
  tag: 'admin-reserves',
  response: 'reservesDataSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminPutReserves = {
  method: 'PUT',
  path: '/api/admin/reserves',
  handler: 'handlers/admin/reserves/put',
  access: 'ADMIN',
  rollout: 'canary',
  summary:
    "Set the amount held and the alert level of currencies (audited; alerts staff below the level); a currency the books hold takes its alert level only (its amount is its accounts')",
  tag: 'admin-reserves',
  body: putReservesBodySchema,
  response: 'putReservesDataSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

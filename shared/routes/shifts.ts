// Routes of one area of the manifest (docs/architecture.md §2): Staff shifts.
import { shiftBodySchema } from '@shared/contract/shifts';
import type { RouteDefinition } from './definition';

export const adminSetShift = {
  method: 'PUT',
  path: '/api/admin/shift',
  handler: 'handlers/admin/shifts/set-shift',
  access: 'MANAGER',
  summary:
    "Go on or off shift (the caller's own): alerts of new deals and messages reach staff on shift; audited",
  tag: 'admin-shifts',
  body: shiftBodySchema,
  response: 'ownShiftSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminListOnShift = {
  method: 'GET',
  path: '/api/admin/shifts',
  handler: 'handlers/admin/shifts/on-shift',
  access: 'MANAGER',
  summary: 'The active staff on shift now, with since when, longest on shift first',
  tag: 'admin-shifts',
  response: 'onShiftStaffSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

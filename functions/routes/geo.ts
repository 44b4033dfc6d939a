// Routes of one area of the manifest (docs/architecture.md §2): The geo tree: the public view and staff availability switches.
import { geoToggleBodySchema } from '@shared/contract/admin';
import type { RouteDefinition } from './definition';

export const getGeo = {
  method: 'GET',
  path: '/api/geo',
  handler: 'handlers/geo/get-active-geo',
  access: 'public',
  summary: 'Active continents, countries and cities for the apply form',
  tag: 'geo',
  response: 'geoTreeSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminGetGeo = {
  method: 'GET',
  path: '/api/admin/geo',
  handler: 'handlers/admin/geo/get-tree',
  access: 'ADMIN',
  summary: 'The whole geo tree, inactive nodes included',
  tag: 'admin-geo',
  response: 'adminGeoTreeSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminToggleGeo = {
  method: 'PUT',
  path: '/api/admin/geo/toggle',
  handler: 'handlers/admin/geo/toggle',
  access: 'ADMIN',
  summary: 'Switch a location (and its descendants; on also switches its ancestors on)',
  tag: 'admin-geo',
  body: geoToggleBodySchema,
  response: 'geoToggleDataSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

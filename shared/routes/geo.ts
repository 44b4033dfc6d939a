// Routes of one area of the manifest (docs/architecture.md §2): The geo tree: the public view, staff availability switches and working hours.
import { geoBulkBodySchema, geoToggleBodySchema } from '@shared/contract/admin';
import {
  cityParamsSchema,
  putCardHoursBodySchema,
  putCityHoursBodySchema,
  putMaintenanceBodySchema,
} from '@shared/contract/hours';
import type { RouteDefinition } from './definition';

export const getGeo = {
  method: 'GET',
  path: '/api/geo',
  handler: 'handlers/geo/get-active-geo',
  access: 'public',
  summary:
    'Active continents, countries and cities for the apply form, each city with its code and working hours now',
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

export const adminBulkGeo = {
  method: 'PUT',
  path: '/api/admin/geo/bulk',
  handler: 'handlers/admin/geo/bulk',
  access: 'ADMIN',
  summary:
    'Switch many locations at once (each with its descendants; on also switches its ancestors on); ' +
    "with othersOff ('only these', switching on only) every other location is switched off",
  tag: 'admin-geo',
  body: geoBulkBodySchema,
  response: 'geoBulkDataSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const getExchangeStatus = {
  method: 'GET',
  path: '/api/status',
  handler: 'handlers/geo/get-status',
  access: 'public',
  summary: "Maintenance and the card schedule now (each city's hours are in GET /api/geo)",
  tag: 'geo',
  response: 'exchangeStatusSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminPutCityHours = {
  method: 'PUT',
  path: '/api/admin/geo/cities/{key}',
  handler: 'handlers/admin/geo/put-city-hours',
  access: 'ADMIN',
  summary: "Set a city's time zone, weekly working hours and code for the rate monitors",
  tag: 'admin-geo',
  params: cityParamsSchema,
  body: putCityHoursBodySchema,
  response: 'cityHoursDataSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminPutCardHours = {
  method: 'PUT',
  path: '/api/admin/geo/card-hours',
  handler: 'handlers/admin/geo/put-card-hours',
  access: 'ADMIN',
  summary: 'Set the global working hours of card directions',
  tag: 'admin-geo',
  body: putCardHoursBodySchema,
  response: 'scheduleViewSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const adminPutMaintenance = {
  method: 'PUT',
  path: '/api/admin/geo/maintenance',
  handler: 'handlers/admin/geo/put-maintenance',
  access: 'ADMIN',
  summary: 'Switch maintenance (nothing offered) on or off, with a message for visitors',
  tag: 'admin-geo',
  body: putMaintenanceBodySchema,
  response: 'maintenanceSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

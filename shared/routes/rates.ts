// Routes of one area of the manifest (docs/architecture.md §2): Exchange rates: public quotes and the staff rates table.
import { calculateBodySchema, putRatesBodySchema, ratesQuerySchema } from '@shared/contract/rates';
import type { RouteDefinition } from './definition';

export const getRates = {
  method: 'GET',
  path: '/api/rates',
  handler: 'handlers/rates/get-rates',
  access: 'public',
  summary:
    'Published rates per direction with the reserve and limits, USD values per currency, and their update time; optionally for one pair',
  tag: 'rates',
  query: ratesQuerySchema,
  response: 'publicRatesDataSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const calculateRate = {
  method: 'POST',
  path: '/api/rates/calculate',
  handler: 'handlers/rates/calculate',
  access: 'public',
  rollout: 'canary',
  summary:
    'Amount to receive, rate, USD value, minimum, maximum and the most that can be received (reserve) for an amount ' +
    '(422 when no rate or outside working hours, 409 in maintenance)',
  tag: 'rates',
  body: calculateBodySchema,
  response: 'quoteSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminGetRates = {
  method: 'GET',
  path: '/api/admin/rates',
  handler: 'handlers/admin/rates/get-rates',
  access: 'ADMIN',
  summary: 'The whole rates table, inactive directions included, with the reserves and their alert levels',
  tag: 'admin-rates',
  response: 'ratesDataSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const adminPutRates = {
  method: 'PUT',
  path: '/api/admin/rates',
  handler: 'handlers/admin/rates/put-rates',
  access: 'ADMIN',
  rollout: 'canary',
  summary: 'Set USD values of currencies and markup/limits of directions',
  tag: 'admin-rates',
  body: putRatesBodySchema,
  response: 'putRatesDataSchema',
  uses: { table: 'readWrite' },
} as const satisfies RouteDefinition;

export const tierLimits = {
  method: 'GET',
  path: '/api/limits',
  handler: 'handlers/rates/tier-limits',
  access: 'public',
  summary:
    "What each verification tier allows per application, day and 30 days, and the cap of a client's first deals, in USD",
  tag: 'rates',
  response: 'tierLimitTableSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

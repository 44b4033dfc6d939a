// Routes of one area of the manifest (docs/architecture.md §2): Health and the API document.
import type { RouteDefinition } from './definition';

export const health = {
  method: 'GET',
  path: '/api/health',
  handler: 'handlers/system/health',
  access: 'public',
  summary: 'Liveness and database reachability',
  tag: 'system',
  response: 'healthDataSchema',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

export const openApi = {
  method: 'GET',
  path: '/api/openapi.json',
  handler: 'handlers/system/openapi',
  access: 'public',
  summary: 'This API as an OpenAPI 3.1 document',
  tag: 'system',
  response: 'openApiDocumentSchema',
  bare: true,
  uses: {},
} as const satisfies RouteDefinition;

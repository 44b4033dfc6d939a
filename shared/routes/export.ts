// Routes of one area of the manifest (docs/architecture.md §2): the rate monitors' export.
import { ratesExportHeadersSchema, ratesExportQuerySchema } from '@shared/contract/export';
import type { RouteDefinition } from './definition';

export const exportRatesXml = {
  method: 'GET',
  path: '/api/export/rates.xml',
  handler: 'handlers/export/rates-xml',
  access: 'public',
  summary:
    "The rate monitors' XML file (BestChange format): every direction staff published to the monitors and " +
    'offered now, with its rate, the reserve of what the client receives, the limits in both currencies and, ' +
    'for cash, the city; 403 without the token when ' +
    'the setting ratesExportToken is set; cached at the edge for 30 s',
  tag: 'export',
  query: ratesExportQuerySchema,
  headers: ratesExportHeadersSchema,
  produces: 'application/xml',
  uses: { table: 'read' },
} as const satisfies RouteDefinition;

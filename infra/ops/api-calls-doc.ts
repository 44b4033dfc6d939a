/**
 * Writes docs/product.md §7 from the route manifest (functions/routes/api-calls-table.ts):
 *
 *   npm run docs:api
 *
 * Run it after adding or changing a route; test/unit/api-calls-doc.test.ts fails until then.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { apiCallsTable, withApiCalls } from '@functions/routes/api-calls-table';

const page = new URL('../../docs/product.md', import.meta.url);
const before = readFileSync(page, 'utf8');
const after = withApiCalls(before, apiCallsTable());
writeFileSync(page, after);
console.log(
  before === after
    ? 'docs/product.md §7 already matches the manifest'
    : 'docs/product.md §7 rewritten from the manifest',
);

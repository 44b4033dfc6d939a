/**
 * Writes docs/product.md §7 from the route manifest (functions/routes/api-calls-table.ts):
 *
 *   npm run docs:api
 *
 * Run it after adding or changing a route; test/unit/api-calls-doc.test.ts fails until then.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiCallsTable, withApiCalls } from '@functions/routes/api-calls-table';

const page = new URL('../../docs/product.md', import.meta.url);
const before = readFileSync(page, 'utf8');
const after = withApiCalls(before, apiCallsTable());
writeFileSync(page, after);
// Biome pads the tables' columns; the test compares them without the padding.
execFileSync('npx', ['biome', 'format', '--write', fileURLToPath(page)], { stdio: 'ignore' });
console.log(
  before === readFileSync(page, 'utf8')
    ? 'docs/product.md §7 already matches the manifest'
    : 'docs/product.md §7 rewritten from the manifest',
);

/**
 * Writes docs/product.md §7 from the route manifest (functions/routes/api-calls-table.ts) and §4's
 * table of moves from the lifecycle (functions/routes/lifecycle-table.ts):
 *
 *   npm run docs:api
 *
 * Run it after changing a route or a move; test/unit/api-calls-doc.test.ts and
 * test/unit/lifecycle-doc.test.ts fail until then.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiCallsTable, withApiCalls } from '@functions/routes/api-calls-table';
import { lifecycleTable, withLifecycleTable } from '@functions/routes/lifecycle-table';

const page = new URL('../../docs/product.md', import.meta.url);
const before = readFileSync(page, 'utf8');
const after = withLifecycleTable(withApiCalls(before, apiCallsTable()), lifecycleTable());
writeFileSync(page, after);
// Biome pads the tables' columns; the test compares them without the padding.
execFileSync('npx', ['biome', 'format', '--write', fileURLToPath(page)], { stdio: 'ignore' });
console.log(
  before === readFileSync(page, 'utf8')
    ? 'docs/product.md §4 and §7 already match the lifecycle and the manifest'
    : 'docs/product.md §4 and §7 rewritten from the lifecycle and the manifest',
);

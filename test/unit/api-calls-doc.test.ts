import { readFileSync } from 'node:fs';
import { API_CALLS_END, API_CALLS_START, apiCallsTable } from '@functions/routes/api-calls-table';
import { allRoutes } from '@functions/routes/manifest';
import { describe, expect, it } from 'vitest';

const page = readFileSync(new URL('../../docs/product.md', import.meta.url), 'utf8');
const block = page.slice(page.indexOf(API_CALLS_START), page.indexOf(API_CALLS_END) + API_CALLS_END.length);

/** A markdown table without its alignment padding, which the formatter (Biome) adds. */
function unpadded(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) =>
      line.startsWith('|')
        ? line
            .split(/(?<!\\)\|/)
            .map((cell) => cell.trim().replace(/^-+$/, '---'))
            .join('|')
        : line,
    )
    .join('\n');
}

/** Every `METHOD /path` written in a text, as the manifest spells it (`/api` prefixed once). */
function callsIn(text: string): string[] {
  return [...text.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/[^`\s]*)`/g)].map(
    ([, method, path = '']) => `${method} ${path.startsWith('/api/') ? path : `/api${path}`}`,
  );
}

describe('docs/product.md §7 and the route manifest', () => {
  it('holds the tables npm run docs:api writes from the manifest', () => {
    expect(unpadded(block), 'run npm run docs:api').toBe(unpadded(apiCallsTable()));
  });

  it('names every manifest route once, and no call the manifest lacks', () => {
    const manifest = allRoutes.map(([, route]) => `${route.method} ${route.path}`);
    const documented = callsIn(block);
    expect([...documented].sort()).toEqual([...manifest].sort());
  });

  it('mentions no call outside the tables that the manifest does not serve', () => {
    const section = page.slice(page.indexOf('## §7'), page.indexOf('## §8'));
    const manifest = new Set(allRoutes.map(([, route]) => `${route.method} ${route.path}`));
    expect(callsIn(section).filter((call) => !manifest.has(call))).toEqual([]);
  });
});

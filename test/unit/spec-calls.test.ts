import { readFileSync } from 'node:fs';
import { allRoutes } from '@functions/routes/manifest';
import { describe, expect, it } from 'vitest';

const specCalls = readFileSync(new URL('../fixtures/spec-calls.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => {
    const [method, path] = line.trim().split(' ');
    return `${method} /api${path}`;
  });

describe('the route manifest against the spec', () => {
  it('serves every API call of docs/product.md §7', () => {
    const manifest = new Set(allRoutes.map(([, route]) => `${route.method} ${route.path}`));
    expect(specCalls.filter((call) => !manifest.has(call))).toEqual([]);
  });
});

import { allRoutes } from '@functions/routes/manifest';
import { matchRoute } from '@functions/routes/matching';
import { describe, expect, it } from 'vitest';

describe('the route manifest', () => {
  it('has one entry per method and path, each under /api with a handler module', () => {
    const routeKeys = allRoutes.map(([, route]) => `${route.method} ${route.path}`);
    expect(new Set(routeKeys).size).toBe(routeKeys.length);
    for (const [, route] of allRoutes) {
      expect(route.path.startsWith('/api/')).toBe(true);
      expect(route.handler).toMatch(/^handlers\//);
    }
  });
});

describe('matchRoute', () => {
  it('resolves a known method and path to its route', () => {
    const match = matchRoute('GET', '/api/geo');
    expect(match).toMatchObject({ kind: 'route', id: 'getGeo' });
  });

  it('tells a wrong method apart from an unknown path', () => {
    expect(matchRoute('POST', '/api/geo')).toEqual({ kind: 'wrong-method', allowed: ['GET'] });
    expect(matchRoute('GET', '/api/geo/extra')).toEqual({ kind: 'none' });
  });
});

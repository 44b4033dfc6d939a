import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  allRoutes,
  fallbackRoute,
  jobs,
  liveSocket,
  originAuthorizer,
  routeAreas,
  workers,
} from '@functions/routes/manifest';
import { responseSchemaOf } from '@shared/routes/response-schema';
import { describe, expect, it } from 'vitest';

const FUNCTIONS = path.resolve(import.meta.dirname, '../../functions');
/** The area modules: shared, so the web, the tests and the stacks read the same declarations. */
const ROUTES = path.resolve(import.meta.dirname, '../../shared/routes');
const NOT_AREAS = new Set(['definition.ts', 'response-schema.ts']);

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) =>
      path.relative(FUNCTIONS, path.join(entry.parentPath, entry.name)).slice(0, -'.ts'.length),
    );
}

const areaModules = readdirSync(ROUTES).filter((name) => name.endsWith('.ts') && !NOT_AREAS.has(name));

describe('the route manifest', () => {
  it('reaches every handler file from exactly one entry', () => {
    const entries = [
      ...allRoutes.map(([, route]) => route.handler),
      fallbackRoute.handler,
      originAuthorizer.handler,
      ...Object.values(liveSocket).map((socketRoute) => socketRoute.handler),
    ];
    const handlerFiles = filesUnder(path.join(FUNCTIONS, 'handlers')).sort();
    expect([...entries].sort()).toEqual(handlerFiles);
    expect(new Set(entries).size).toBe(entries.length);
  });

  it('has every module of functions/jobs as exactly one job or worker', () => {
    expect([...Object.values(jobs), ...Object.values(workers)].map((entry) => entry.handler).sort()).toEqual(
      filesUnder(path.join(FUNCTIONS, 'jobs')).sort(),
    );
  });

  it('takes each route id from exactly one area module', async () => {
    const declared: string[] = [];
    for (const file of areaModules) {
      declared.push(...Object.keys(await import(path.join(ROUTES, file))));
    }
    expect(declared.sort()).toEqual(allRoutes.map(([id]) => id).sort());
  });

  it('names every area module in routeAreas, which the API stacks place', () => {
    expect(Object.keys(routeAreas).length).toBe(areaModules.length);
  });

  it('gives no two routes the same method and path', () => {
    const keys = allRoutes.map(([, route]) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('names only response schemas the contract exports', () => {
    const unresolved = allRoutes
      .filter(([, route]) => route.response !== undefined && responseSchemaOf(route) === undefined)
      .map(([id]) => id);
    expect(unresolved).toEqual([]);
  });

  it('lets each handler import its own entry from the area module that declares it', async () => {
    const misplaced: string[] = [];
    for (const file of areaModules) {
      const area = file.slice(0, -'.ts'.length);
      for (const [id, route] of Object.entries(await import(path.join(ROUTES, file)))) {
        const source = readFileSync(
          path.join(FUNCTIONS, `${(route as { handler: string }).handler}.ts`),
          'utf8',
        );
        if (!source.includes(`import { ${id} as route } from '@shared/routes/${area}';`)) misplaced.push(id);
      }
    }
    expect(misplaced).toEqual([]);
  });
});

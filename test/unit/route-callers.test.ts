import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { allRoutes, type RouteId } from '@functions/routes/manifest';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Where the API is called: every call names a route object of shared/routes/, never a path. */
const CALLERS = ['web/src', 'test/support', 'test/e2e/support'];
/** A string or template literal that starts with an API path. */
const API_PATH_LITERAL = /['"`]\/api(\/|['"`])/;

/**
 * Routes the web app never calls, and who does. A new route is either called by the web through its
 * route object or listed here with its caller.
 */
const CALLED_OUTSIDE_THE_WEB: Partial<Record<RouteId, string>> = {
  health: 'load balancers, the smoke test and people checking a stage',
  exportRatesXml: 'the rate monitors (BestChange and the like)',
  adminSetUserRole: 'API clients; the admin screens change a role with the user edit',
  telegramWebhook: "Telegram's servers (the bot's webhook)",
  adminExportTransactionsCsv:
    "API clients and scripts: a short period's CSV in one answer; the page exports through adminCreateExport",
};

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

function read(files: string[]): string {
  return files.map((file) => readFileSync(path.join(ROOT, file), 'utf8')).join('\n');
}

const webCode = read(sourceFiles('web/src').filter((file) => !/\.test\.tsx?$|\/testing\//.test(file)));
const testCode = read(sourceFiles('test').filter((file) => file !== 'test/unit/route-callers.test.ts'));

/** A route's path as a test may write it: each `{param}` any segment or a template expression. */
function pathPattern(routePath: string): RegExp {
  const segments = routePath.replaceAll('.', '\\.').replace(/\{\w+\}/g, '(\\$\\{[^}]+\\}|[^/\'"`\\s]+)');
  return new RegExp(`${segments}(?![\\w/-])`);
}

/**
 * The landing page's copies of the two paths it calls itself, beside the other values its entry
 * copies (a route object brings its area's schemas into the entry); entry-values.test.ts keeps each
 * equal to its route's path.
 */
const ENTRY_COPIES = 'web/src/config/entry-values.ts';

describe('callers of the API', () => {
  it('name routes, not paths: no string API path in the web app, its tests or the test support', () => {
    const files = CALLERS.flatMap(sourceFiles).filter((file) => file !== ENTRY_COPIES);
    const offenders = files.flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          API_PATH_LITERAL.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        ),
    );

    expect(offenders).toEqual([]);
  });

  it('call every route from a test, by its route object or its path', () => {
    const untested = allRoutes
      .filter(
        ([id, route]) => !new RegExp(`\\b${id}\\b`).test(testCode) && !pathPattern(route.path).test(testCode),
      )
      .map(([id, route]) => `${id} (${route.method} ${route.path})`);

    expect(untested).toEqual([]);
  });

  it('call every route from the web app by its route object, unless its caller is listed', () => {
    const uncalled = allRoutes
      .filter(([id]) => !(id in CALLED_OUTSIDE_THE_WEB) && !new RegExp(`\\b${id}\\b`).test(webCode))
      .map(([id, route]) => `${id} (${route.method} ${route.path})`);

    expect(uncalled).toEqual([]);
  });

  it('list as called outside the web only routes the web app does not call', () => {
    const calledAfterAll = Object.keys(CALLED_OUTSIDE_THE_WEB).filter((id) =>
      new RegExp(`\\b${id}\\b`).test(webCode),
    );

    expect(calledAfterAll).toEqual([]);
  });
});

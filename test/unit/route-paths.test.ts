import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Where the API is called: every call names a route object of shared/routes/, never a path. */
const CALLERS = ['web/src', 'test/support', 'test/e2e/support'];
/** A string or template literal that starts with an API path. */
const API_PATH_LITERAL = /['"`]\/api(\/|['"`])/;

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

describe('callers of the API', () => {
  it('name routes, not paths: no string API path in the web app, its tests or the test support', () => {
    const offenders = CALLERS.flatMap(sourceFiles).flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (API_PATH_LITERAL.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );

    expect(offenders).toEqual([]);
  });
});

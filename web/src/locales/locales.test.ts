import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../lib/i18n';

const LOCALES_DIR = import.meta.dirname;

function read(language: string, namespace: string): unknown {
  return JSON.parse(readFileSync(join(LOCALES_DIR, language, `${namespace}.json`), 'utf8'));
}

/** Every leaf key path of a resource object (arrays count as leaves of their own). */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    keyPaths(child, prefix ? `${prefix}\u0000${key}` : key),
  );
}

function emptyLeaves(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [prefix] : [];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    emptyLeaves(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('locale resources', () => {
  it('has exactly the spec namespaces in both languages', () => {
    for (const language of ['ru', 'en']) {
      const files = readdirSync(join(LOCALES_DIR, language)).filter((file) => file.endsWith('.json'));
      expect(files.map((file) => file.replace('.json', '')).sort()).toEqual([...NAMESPACES].sort());
    }
  });

  it.each(NAMESPACES)('has the same keys in ru and en for the %s namespace', (namespace) => {
    const ru = keyPaths(read('ru', namespace)).sort();
    const en = keyPaths(read('en', namespace)).sort();
    expect(ru.filter((key) => !en.includes(key)).map((key) => key.replaceAll('\u0000', '.'))).toEqual([]);
    expect(en.filter((key) => !ru.includes(key)).map((key) => key.replaceAll('\u0000', '.'))).toEqual([]);
  });

  it.each(NAMESPACES)('has no empty texts in the %s namespace', (namespace) => {
    expect([...emptyLeaves(read('ru', namespace)), ...emptyLeaves(read('en', namespace))]).toEqual([]);
  });
});

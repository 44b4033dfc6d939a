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

/** i18next's plural suffixes (CLDR categories): `key_one`, `key_few`… */
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;
const withoutPlural = (key: string) => PLURAL.exec(key)?.[1] ?? key;

describe('locale resources', () => {
  it('has exactly the spec namespaces in both languages', () => {
    for (const language of ['ru', 'en']) {
      const files = readdirSync(join(LOCALES_DIR, language)).filter((file) => file.endsWith('.json'));
      expect(files.map((file) => file.replace('.json', '')).sort()).toEqual([...NAMESPACES].sort());
    }
  });

  it.each(NAMESPACES)('has the same keys in ru and en for the %s namespace', (namespace) => {
    // A counted text has each language's own plural forms (i18next's `_one`, `_few`…): compared by its base key.
    const ru = [...new Set(keyPaths(read('ru', namespace)).map(withoutPlural))].sort();
    const en = [...new Set(keyPaths(read('en', namespace)).map(withoutPlural))].sort();
    expect(ru.filter((key) => !en.includes(key)).map((key) => key.replaceAll('\u0000', '.'))).toEqual([]);
    expect(en.filter((key) => !ru.includes(key)).map((key) => key.replaceAll('\u0000', '.'))).toEqual([]);
  });

  it.each(NAMESPACES)(
    "gives every counted text of the %s namespace each of its language's plural forms",
    (namespace) => {
      for (const language of ['ru', 'en']) {
        const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
        const found = new Map<string, string[]>();
        for (const key of keyPaths(read(language, namespace))) {
          const plural = PLURAL.exec(key);
          if (plural) found.set(plural[1]!, [...(found.get(plural[1]!) ?? []), plural[2]!]);
        }
        for (const [key, present] of found)
          expect({ language, key: key.replaceAll('\u0000', '.'), forms: present.sort() }).toEqual({
            language,
            key: key.replaceAll('\u0000', '.'),
            forms: [...forms].sort(),
          });
      }
    },
  );

  it.each(NAMESPACES)('has no empty texts in the %s namespace', (namespace) => {
    expect([...emptyLeaves(read('ru', namespace)), ...emptyLeaves(read('en', namespace))]).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { HTTP_REFUSAL_CODES } from '@functions/pipeline/http-errors';
import { LANGUAGES } from '@shared/enums';
import { FIELD_RULES, zodFieldCodes } from '@shared/field-rules';
import { describe, expect, it } from 'vitest';

/**
 * The web translates refusals by their codes (docs/architecture.md §3): every code the API can send
 * has a text in every language, so no refusal reaches a Russian reader in English.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every class of functions/ that extends DomainError, directly or through another, and whether it is abstract. */
function domainErrorClasses(): Map<string, { abstract: boolean }> {
  const declared = new Map<string, { parent: string; abstract: boolean }>();
  for (const file of sources(path.join(ROOT, 'functions'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\b(abstract\s+)?class\s+(\w+)\s+extends\s+(\w+)/g)) {
      declared.set(match[2]!, { parent: match[3]!, abstract: Boolean(match[1]) });
    }
  }
  const isRefusal = (name: string, seen = new Set<string>()): boolean => {
    const parent = declared.get(name)?.parent;
    if (!parent || seen.has(name)) return false;
    return parent === 'DomainError' || isRefusal(parent, seen.add(name));
  };
  return new Map(
    [...declared].filter(([name]) => isRefusal(name)).map(([name, { abstract }]) => [name, { abstract }]),
  );
}

const refusals = domainErrorClasses();
const refusalCodes = [...refusals].filter(([, { abstract }]) => !abstract).map(([name]) => name);

function errorsTexts(language: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(ROOT, `web/src/locales/${language}/errors.json`), 'utf8'));
}

function textAt(texts: Record<string, unknown>, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);
}

describe('the refusal codes', () => {
  it('are found in functions/: the refusal kinds and the business cases below them', () => {
    expect(refusals.get('InvalidRequest')).toEqual({ abstract: true });
    expect(refusals.get('DirectionPaused')).toEqual({ abstract: true });
    expect(refusalCodes).toEqual(
      expect.arrayContaining([
        'InvalidCredentials',
        'AccountLocked',
        'TransitionNotAllowed',
        'MarketPriceStale',
      ]),
    );
    expect(refusalCodes.length).toBeGreaterThan(60);
  });

  it('are unique: no two refusal classes share a name', () => {
    expect(new Set([...refusalCodes, ...HTTP_REFUSAL_CODES]).size).toBe(
      refusalCodes.length + HTTP_REFUSAL_CODES.length,
    );
  });
});

describe.each(LANGUAGES)('the %s texts', (language) => {
  const texts = errorsTexts(language);
  const missing = (keys: string[]) => keys.filter((key) => typeof textAt(texts, key) !== 'string');

  it('word every refusal of the domain and of the pipeline (codes.*)', () => {
    expect(missing([...refusalCodes, ...HTTP_REFUSAL_CODES].map((code) => `codes.${code}`))).toEqual([]);
  });

  it('word every rule of the field table and every zod issue the API may name (fields.*)', () => {
    expect(
      missing([...Object.keys(FIELD_RULES), ...zodFieldCodes()].map((code) => `fields.${code}`)),
    ).toEqual([]);
  });

  it('name no code the API does not send', () => {
    const codes = new Set<string>([...refusalCodes, ...HTTP_REFUSAL_CODES]);
    const rules = new Set<string>([...Object.keys(FIELD_RULES), 'zod']);
    expect(Object.keys(texts.codes as object).filter((code) => !codes.has(code))).toEqual([]);
    expect(Object.keys(texts.fields as object).filter((code) => !rules.has(code))).toEqual([]);
  });

  it('use only the params the English text of a rule names', () => {
    const unknown = Object.entries(FIELD_RULES).flatMap(([code, rule]) => {
      const named = new Set([...rule.text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]));
      // `{{max, number}}`: the param `max`, formatted by i18next.
      const used = [...String(textAt(texts, `fields.${code}`)).matchAll(/\{\{(\w+)(?:,[^}]*)?\}\}/g)].map(
        (match) => match[1],
      );
      return used.filter((name) => !named.has(name)).map((name) => `${code}: ${name}`);
    });
    expect(unknown).toEqual([]);
  });

  it('translate no server text by its wording any more', () => {
    expect(texts).not.toHaveProperty('serverMessages');
    expect(texts).not.toHaveProperty('serverPatterns');
  });
});

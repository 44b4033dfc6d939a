import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const page = readFileSync(new URL('docs/product.md', root), 'utf8');
const section = page.slice(page.indexOf('## §9'), page.indexOf('## §10'));

/** Each table row's "Where" cell: a file and the names it should export. */
const rows = section
  .split('\n')
  .filter((line) => line.startsWith('| ') && !line.startsWith('| What') && !line.startsWith('| ---'))
  .map((line) => {
    const where = line.split(' | ').at(-1) ?? '';
    const [file = '', ...names] = [...where.matchAll(/`([^`]+)`/g)].map(([, text]) => text ?? '');
    return { file, names };
  });

describe('docs/product.md §9: where each constant lives', () => {
  it('lists constants', () => {
    expect(rows.length).toBeGreaterThan(10);
  });

  it.each(rows)('$file exports $names', ({ file, names }) => {
    const source = readFileSync(new URL(file, root), 'utf8');
    expect(names.length).toBeGreaterThan(0);
    const missing = names.filter((name) => !new RegExp(`export (const|function) ${name}\\b`).test(source));
    expect(missing).toEqual([]);
  });
});

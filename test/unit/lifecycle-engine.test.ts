import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPLICATION_STATUSES } from '@shared/enums';
import { MOVES, NEED_GUARDS } from '@shared/lifecycle';
import { describe, expect, it } from 'vitest';

/**
 * The lifecycle table is what runs (docs/architecture.md §7): every move is made by perform.ts from
 * the table's entry, and no code outside the table decides a move by a status of its own.
 */
const functionsDir = fileURLToPath(new URL('../../functions', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const files = sources(functionsDir).map((path) => ({
  name: relative(functionsDir, path),
  text: readFileSync(path, 'utf8'),
}));
const statuses = APPLICATION_STATUSES.join('|');

describe('the lifecycle table as the engine', () => {
  it('gives every need a move names a guard', () => {
    for (const move of MOVES)
      for (const need of move.needs)
        expect(NEED_GUARDS[need], `${move.name} needs ${need}`).toBeTypeOf('function');
  });

  it('makes every status change through perform.ts, the one caller of applyStatusChange', () => {
    const callers = files
      .filter(({ text }) => /\bapplyStatusChange\(/.test(text))
      .map(({ name }) => name)
      .sort();
    expect(callers).toEqual(['domain/applications/perform.ts', 'domain/applications/status-change.ts']);
  });

  it('decides no move by a status literal outside the table (a from, a to, or a status asked of moveOf)', () => {
    const literal = new RegExp(
      `\\b(from|to): '(${statuses})'|moveOf\\([^)]*'(${statuses})'|statusUpdate\\([^)]*'(${statuses})'`,
    );
    const found = files.flatMap(({ name, text }) =>
      text
        .split('\n')
        .map((line, index) => ({ line: line.trim(), at: `${name}:${index + 1}` }))
        .filter(({ line }) => literal.test(line)),
    );
    expect(found).toEqual([]);
  });

  it("compares no status to a literal in the deal's logic: what a move does comes from its entry", () => {
    // Rendering a status (mail/) and indexing one (data/) read statuses; deciding is the table's.
    const comparison = new RegExp(`\\b(status|to|from) [!=]== '(${statuses})'`);
    const found = files
      .filter(({ name }) => !/^(mail|data)\//.test(name))
      .flatMap(({ name, text }) =>
        text
          .split('\n')
          .map((line, index) => ({ line: line.trim(), at: `${name}:${index + 1}` }))
          .filter(({ line }) => comparison.test(line)),
      );
    expect(found).toEqual([]);
  });

  it("leaves what to send to the outbox's channels: the status change imports no channel's items", () => {
    const statusChange = files.find(({ name }) => name === 'domain/applications/status-change.ts')!.text;
    const imports = [...statusChange.matchAll(/from '([^']+)'/g)].map(([, path = '']) => path);
    expect(imports).toContain('../outbox/status-change-items');
    expect(imports.filter((path) => /telegram|\/mails$/.test(path))).toEqual([]);
  });
});

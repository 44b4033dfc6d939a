import { readFileSync } from 'node:fs';
import { LIFECYCLE_END, LIFECYCLE_START, lifecycleTable } from '@functions/routes/lifecycle-table';
import { MOVES } from '@shared/lifecycle';
import { describe, expect, it } from 'vitest';

const page = readFileSync(new URL('../../docs/product.md', import.meta.url), 'utf8');
const start = page.lastIndexOf('\n', page.indexOf(LIFECYCLE_START)) + 1;
const block = page.slice(start, page.indexOf(LIFECYCLE_END) + LIFECYCLE_END.length);

/** A markdown table without its alignment padding, which the formatter (Biome) adds. */
function unpadded(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) =>
      line.trimStart().startsWith('|')
        ? line
            .trim()
            .split(/(?<!\\)\|/)
            .map((cell) => cell.trim().replace(/^-+$/, '---'))
            .join('|')
        : line.trim(),
    )
    .join('\n');
}

describe('docs/product.md §4 and the lifecycle', () => {
  it('holds the table of moves npm run docs:api writes from shared/lifecycle.ts', () => {
    expect(unpadded(block), 'run npm run docs:api').toBe(unpadded(lifecycleTable()));
  });

  it('has a row for every move of the table', () => {
    const rows = block.split('\n').filter((line) => line.trimStart().startsWith('|'));
    expect(rows).toHaveLength(MOVES.length + 2);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { floatMoneyArithmetic } from '../support/float-money';

/** The rule and what it counts as money: test/support/float-money.ts. */
const ROOT = join(import.meta.dirname, '../..');
const SCANNED = ['functions', 'shared', 'web/src'];
/** The one place that computes on money, exactly (BigInt). */
const EXEMPT = new Set(['shared/money.ts']);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    // Tests state expected figures; the rule is about the code that computes them.
    return /\.tsx?$/.test(entry.name) && !/\.(d|test)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('money is not computed with floats', () => {
  it('finds no float arithmetic on money in functions/, shared/ and web/src/ outside shared/money.ts', () => {
    const files = SCANNED.flatMap((folder) => sourceFiles(join(ROOT, folder)))
      .map((path) => relative(ROOT, path))
      .filter((file) => !EXEMPT.has(file));
    expect(files.length).toBeGreaterThan(100);
    const findings = files.flatMap((file) =>
      floatMoneyArithmetic(file, readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(findings).toEqual([]);
    // Parses every source file: seconds of CPU, more on a loaded machine (no timing is asserted).
  }, 60_000);

  it('finds each kind of float arithmetic on money (the check can fail)', () => {
    const planted = [
      'const amountTo = amount * rate;',
      'const minimum = minUSD / from.usdValue;',
      'total += application.amountTo;',
      'const left = reserve.amount - amountTo;',
      'const back = Math.floor(value.amountTo * 100) / 100;',
      'const usd = Number((quote.usdValueFrom).toFixed(2));',
      'const net = (a.amountFrom ?? -1) - (b.amountFrom ?? -1);',
      "const marked = rawPrice * (1 - direction['markupPercent'] / 100);",
      'const next = 1 + ratePercent;',
      'const scaled = 10 ** reserveDecimals;',
      'const shown = <span>{quote.amountTo * 100}</span>;',
    ];
    for (const line of planted) {
      expect(floatMoneyArithmetic('planted.tsx', line), line).not.toEqual([]);
    }
  });

  it('leaves arithmetic on other things alone', () => {
    const innocent = [
      'const next = new Date(now.getTime() + ms);',
      'const expiresAt = Math.ceil(token.expiresAtMs / 1000);',
      "const label = 'amount ' + count;",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      'const text = `${amountTo} USDT`;',
      'const pages = Math.ceil(total / limit);',
      'const version = application.version + 1;',
      'const negative = -amountTo;',
      'const lower = compare(amount, minAmount) < 0;',
      'const quoted = Date.parse(rate.quotedAt) + minutes * 60_000;',
      'const page = <><Hero /><LivePriceTicker /></>;',
    ];
    for (const line of innocent) expect(floatMoneyArithmetic('innocent.tsx', line), line).toEqual([]);
  });
});

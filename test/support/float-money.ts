import ts from 'typescript';

/**
 * No float arithmetic on money in functions/ and shared/ (docs/architecture.md "Money"): money is
 * computed with shared/money.ts, exactly. This reads every source file's syntax tree and refuses
 * `+ - * / % **` (and their assignments), Math.floor/ceil/round/trunc, toFixed and toPrecision where
 * an operand is named like money (amount…, …Amount, rate, …Rate, usdValue, price, markup, reserve,
 * alertLevel, balance, payable, payout). Names decide, not types: a money value under another
 * name passes, so money keeps money names.
 */

const MONEY_WORDS = [
  'amount',
  'usdvalue',
  'price',
  'markup',
  'reserve',
  'alertlevel',
  'balance',
  'payable',
  'payout',
];
const MONEY_RATE = /^rates?$|^rate[A-Z0-9_]|[a-z0-9]Rates?$/;

function isMoneyName(name: string): boolean {
  const lower = name.toLowerCase();
  return MONEY_WORDS.some((word) => lower.includes(word)) || MONEY_RATE.test(name);
}

const ARITHMETIC = new Set([
  ts.SyntaxKind.PlusToken,
  ts.SyntaxKind.MinusToken,
  ts.SyntaxKind.AsteriskToken,
  ts.SyntaxKind.SlashToken,
  ts.SyntaxKind.PercentToken,
  ts.SyntaxKind.AsteriskAsteriskToken,
  ts.SyntaxKind.PlusEqualsToken,
  ts.SyntaxKind.MinusEqualsToken,
  ts.SyntaxKind.AsteriskEqualsToken,
  ts.SyntaxKind.SlashEqualsToken,
  ts.SyntaxKind.PercentEqualsToken,
  ts.SyntaxKind.AsteriskAsteriskEqualsToken,
]);
const ROUNDING = new Set(['floor', 'ceil', 'round', 'trunc', 'fround']);
const NUMBER_CASTS = new Set(['Number', 'parseFloat', 'parseInt']);

const isText = (node: ts.Expression) =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);

/** Whether an expression's value is (built from) something named like money. */
function isMoney(node: ts.Expression): boolean {
  if (ts.isIdentifier(node)) return isMoneyName(node.text);
  if (ts.isPropertyAccessExpression(node)) return isMoneyName(node.name.text);
  if (ts.isElementAccessExpression(node)) {
    const key = node.argumentExpression;
    return ts.isStringLiteral(key) ? isMoneyName(key.text) : isMoney(node.expression);
  }
  if (
    ts.isParenthesizedExpression(node) ||
    ts.isNonNullExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isTypeAssertionExpression(node)
  ) {
    return isMoney(node.expression);
  }
  if (ts.isPrefixUnaryExpression(node)) return isMoney(node.operand);
  if (ts.isConditionalExpression(node)) return isMoney(node.whenTrue) || isMoney(node.whenFalse);
  if (ts.isBinaryExpression(node)) return isMoney(node.left) || isMoney(node.right);
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    if (ts.isIdentifier(callee) && NUMBER_CASTS.has(callee.text)) return node.arguments.some(isMoney);
    if (ts.isPropertyAccessExpression(callee) && callee.expression.getText() === 'Math') {
      return node.arguments.some(isMoney);
    }
    if (ts.isPropertyAccessExpression(callee) && ['toFixed', 'toPrecision'].includes(callee.name.text)) {
      return isMoney(callee.expression);
    }
  }
  return false;
}

interface Finding {
  file: string;
  line: number;
  text: string;
}

/** Float arithmetic on money in one source text. */
export function floatMoneyArithmetic(file: string, source: string): Finding[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const findings: Finding[] = [];
  const report = (node: ts.Node) =>
    findings.push({
      file,
      line: tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1,
      text: node.getText(tree).replace(/\s+/g, ' ').slice(0, 120),
    });
  const visit = (node: ts.Node) => {
    if (ts.isBinaryExpression(node) && ARITHMETIC.has(node.operatorToken.kind)) {
      const concatenation =
        node.operatorToken.kind === ts.SyntaxKind.PlusToken && (isText(node.left) || isText(node.right));
      if (!concatenation && (isMoney(node.left) || isMoney(node.right))) report(node);
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const { expression: receiver, name } = node.expression;
      const rounding = receiver.getText(tree) === 'Math' && ROUNDING.has(name.text);
      if (rounding && node.arguments.some(isMoney)) report(node);
      if (['toFixed', 'toPrecision'].includes(name.text) && isMoney(receiver)) report(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return findings;
}

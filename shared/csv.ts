/**
 * CSV as RFC 4180 writes it (comma-separated, CRLF line ends, a field holding the separator, a quote
 * or a line break quoted with its quotes doubled; a Russian spreadsheet's dialect separates by `;`,
 * as its decimal comma would split a comma-separated number), guarded against formula injection: a cell a
 * spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return before
 * one) gets a leading apostrophe, so it is shown as text (OWASP "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export type CsvSeparator = ',' | ';';
const NEEDS_QUOTES: Record<CsvSeparator, RegExp> = { ',': /[",\r\n]/, ';': /[";\r\n]/ };

/**
 * A cell: text, guarded and quoted as it needs; or a number this code wrote (digits, a sign, a
 * decimal mark), written as it is so that a negative one stays a number.
 */
export type CsvCell = string | { number: string };

function csvCell(cell: CsvCell, separator: CsvSeparator): string {
  if (typeof cell !== 'string') return cell.number;
  const value = cell;
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES[separator].test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** One record: its cells and the CRLF that ends it. */
export function csvLine(cells: readonly CsvCell[], separator: CsvSeparator = ','): string {
  return `${cells.map((cell) => csvCell(cell, separator)).join(separator)}\r\n`;
}

/**
 * CSV as RFC 4180 writes it (comma-separated, CRLF line ends, a field holding a comma, a quote or a
 * line break quoted with its quotes doubled), guarded against formula injection: a cell a
 * spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return before
 * one) gets a leading apostrophe, so it is shown as text (OWASP "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** One record: its cells and the CRLF that ends it. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

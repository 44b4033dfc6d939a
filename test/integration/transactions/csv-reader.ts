/**
 * Reads CSV as RFC 4180 defines it (the way a spreadsheet imports the history's file): records end
 * with CRLF, a quoted field may hold commas, line breaks and doubled quotes. Throws on a bare LF
 * ending a record or a quote inside an unquoted field, so a file that only looks right fails.
 */
export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let index = 0;
  let quoted = false;
  while (index < text.length) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 2;
      } else if (char === '"') {
        quoted = false;
        index += 1;
      } else {
        field += char;
        index += 1;
      }
    } else if (char === '"') {
      if (field !== '') throw new Error(`a quote inside an unquoted field at ${index}`);
      quoted = true;
      index += 1;
    } else if (char === ',') {
      record.push(field);
      field = '';
      index += 1;
    } else if (char === '\r' && text[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 2;
    } else if (char === '\n' || char === '\r') {
      throw new Error(`a bare line break at ${index}`);
    } else {
      field += char;
      index += 1;
    }
  }
  if (quoted) throw new Error('an unterminated quoted field');
  if (field !== '' || record.length > 0) throw new Error('the last record does not end with CRLF');
  return records;
}

/**
 * The same reader for a `;`-separated file (a Russian spreadsheet's dialect): the separators outside
 * quotes are read as the commas above, and a comma outside quotes is kept as a character.
 */
export function readSemicolonCsv(text: string): string[][] {
  let quoted = false;
  let swapped = '';
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    swapped += quoted ? char : char === ';' ? '\u0000' : char === ',' ? '\u0001' : char;
  }
  return readCsv(swapped.replaceAll('\u0000', ',')).map((row) =>
    row.map((cell) => cell.replaceAll('\u0001', ',')),
  );
}

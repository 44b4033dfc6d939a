import { PassThrough } from 'node:stream';
import { zonedDateTime } from '@shared/business-time';
import type { ExportFormat } from '@shared/contract/exports';
import { type CsvCell, type CsvSeparator, csvLine } from '@shared/csv';
import type { Language } from '@shared/enums';
import ExcelJS from 'exceljs';
import { COLUMNS, headers } from './columns';
import type { ExportRow } from './rows';

/** Writes an export's rows as they come, handing its bytes to the sink as it makes them. */
export interface ExportWriter {
  add(rows: readonly ExportRow[]): void;
  /** Writes what the format writes last; every byte has reached the sink when it resolves. */
  finish(): Promise<void>;
}

interface WriterOptions {
  language: Language;
  timeZone: string;
}

type Sink = (chunk: Uint8Array) => void;

/** Excel reads a CSV as UTF-8 only after a byte order mark. */
const BYTE_ORDER_MARK = '\uFEFF';

interface CsvDialect {
  separator: CsvSeparator;
  number: (text: string) => string;
  time: (zoned: string) => string;
}

/**
 * The CSV of the reader's spreadsheet: Russian separates by `;` with a decimal comma and writes a
 * date `DD.MM.YYYY HH:MM:SS` (what a Russian-locale Excel opens into columns, numbers and dates);
 * English by `,` with a dot and `YYYY-MM-DD HH:MM:SS`. UTF-8 after a byte order mark, CRLF lines.
 */
const CSV_DIALECTS: Record<Language, CsvDialect> = {
  ru: {
    separator: ';',
    number: (text) => text.replace('.', ','),
    time: (zoned) => `${zoned.slice(8, 10)}.${zoned.slice(5, 7)}.${zoned.slice(0, 4)}${zoned.slice(10)}`,
  },
  en: { separator: ',', number: (text) => text, time: (zoned) => zoned },
};

/** The CSV's first line: the byte order mark and the headers. */
export function csvHeader(language: Language, timeZone: string): string {
  return BYTE_ORDER_MARK + csvLine(headers(language, timeZone), CSV_DIALECTS[language].separator);
}

/** One movement's line in the reader's dialect. */
export function csvRecord(row: ExportRow, language: Language, timeZone: string): string {
  const dialect = CSV_DIALECTS[language];
  const words = { language };
  const cells = COLUMNS.map((column): CsvCell => {
    const value = column.value(row, words);
    if (value === null) return '';
    if (column.kind === 'time') return dialect.time(zonedDateTime(value, timeZone));
    if (column.kind === 'money' || column.kind === 'rate') return { number: dialect.number(value) };
    return value;
  });
  return csvLine(cells, dialect.separator);
}

function csvWriter({ language, timeZone }: WriterOptions, sink: Sink): ExportWriter {
  sink(Buffer.from(csvHeader(language, timeZone), 'utf8'));
  return {
    add(rows) {
      sink(Buffer.from(rows.map((row) => csvRecord(row, language, timeZone)).join(''), 'utf8'));
    },
    async finish() {},
  };
}

/** The spreadsheet's date and time formats, as the reader writes them. */
const XLSX_TIME_FORMAT: Record<Language, string> = { ru: 'dd.mm.yyyy hh:mm:ss', en: 'yyyy-mm-dd hh:mm:ss' };

/** A money cell's format: the currency's decimals, read off the exact text (`90000.00`: two). */
function moneyFormat(text: string): string {
  const decimals = text.split('.')[1]?.length ?? 0;
  return decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0';
}

/**
 * XLSX through exceljs's streaming writer: each row committed as it is added, so the workbook is
 * never held whole. Times are date cells in the business's zone (the header names it), money and
 * rates numeric cells with their currency's decimals.
 */
function xlsxWriter({ language, timeZone }: WriterOptions, sink: Sink): ExportWriter {
  const stream = new PassThrough();
  stream.on('data', sink);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(language === 'ru' ? 'Движения' : 'Movements', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = COLUMNS.map((column) => ({ width: column.kind === 'text' ? 24 : 18 }));
  sheet.addRow(headers(language, timeZone)).commit();
  const words = { language };
  return {
    add(rows) {
      for (const row of rows) {
        const added = sheet.addRow(
          COLUMNS.map((column) => {
            const value = column.value(row, words);
            if (value === null) return null;
            // A date cell has no zone: it holds the business's wall clock, as the header says.
            if (column.kind === 'time')
              return new Date(`${zonedDateTime(value, timeZone).replace(' ', 'T')}Z`);
            if (column.kind === 'money' || column.kind === 'rate') return Number(value);
            return value;
          }),
        );
        COLUMNS.forEach((column, index) => {
          const value = column.value(row, words);
          if (value === null) return;
          const cell = added.getCell(index + 1);
          if (column.kind === 'time') cell.numFmt = XLSX_TIME_FORMAT[language];
          else if (column.kind === 'money') cell.numFmt = moneyFormat(value);
        });
        added.commit();
      }
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

export function exportWriter(format: ExportFormat, options: WriterOptions, sink: Sink): ExportWriter {
  return format === 'xlsx' ? xlsxWriter(options, sink) : csvWriter(options, sink);
}

/** `transactions_{from}_{to}[_{currency}][_{direction}].{format}`: what the file holds, in its name. */
export function transactionsFileName(
  period: { from: string; to: string },
  filters: { currency?: string | null | undefined; direction?: string | null | undefined },
  format: ExportFormat,
): string {
  const named = [filters.currency, filters.direction].filter(Boolean).join('_');
  return `transactions_${period.from}_${period.to}${named ? `_${named}` : ''}.${format}`;
}

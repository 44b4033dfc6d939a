import type { Report, ReportFigures } from '@shared/contract/reports';
import { type CsvCell, type CsvSeparator, csvLine } from '@shared/csv';
import type { Language } from '@shared/enums';
import { DURATIONS, FUNNEL_STEPS, OUTCOMES } from '@shared/reports';
import { Button } from '@web/components/ui/button';
import { saveFile } from '@web/lib/download';
import { useTranslation } from '@web/lib/i18n';
import type { TFunction } from 'i18next';
import { useBreakdownRowName } from './breakdown-table';

/** The reader's spreadsheet dialect, as the transaction history's exports write it. */
const DIALECTS: Record<Language, { separator: CsvSeparator; number: (text: string) => string }> = {
  ru: { separator: ';', number: (text) => text.replace('.', ',') },
  en: { separator: ',', number: (text) => text },
};

type Line = [
  section: string,
  item: string,
  figure: string,
  currency: string,
  now: string | number | null,
  before: string | number | null,
];

/** Every figure of one set, as lines of (section, item, figure, currency, this period, the period before). */
function figureLines(
  t: TFunction,
  section: string,
  item: string,
  now: ReportFigures,
  before: ReportFigures | null,
): Line[] {
  const lines: Line[] = [];
  const currencies = [
    ...new Set([...now.turnover, ...(before?.turnover ?? [])].map((amount) => amount.currency)),
  ].sort();
  const amount = (list: ReportFigures['turnover'] | undefined, currency: string) =>
    list?.find((entry) => entry.currency === currency)?.amount ?? '0';
  for (const currency of currencies) {
    lines.push([
      section,
      item,
      t('reports.currencies.turnover'),
      currency,
      amount(now.turnover, currency),
      before && amount(before.turnover, currency),
    ]);
    if (currency !== 'USDT')
      lines.push([
        section,
        item,
        t('reports.currencies.profit'),
        currency,
        amount(now.profit, currency),
        before && amount(before.profit, currency),
      ]);
  }
  const reporting = now.reporting.currency;
  lines.push(
    [
      section,
      item,
      t('reports.kpi.turnover', { currency: reporting }),
      reporting,
      now.reporting.turnover,
      before?.reporting.turnover ?? null,
    ],
    [
      section,
      item,
      t('reports.kpi.profit', { currency: reporting }),
      reporting,
      now.reporting.profit,
      before?.reporting.profit ?? null,
    ],
    [
      section,
      item,
      t('reports.kpi.partnerShares', { currency: reporting }),
      reporting,
      now.reporting.partnerShares,
      before?.reporting.partnerShares ?? null,
    ],
    [
      section,
      item,
      t('reports.kpi.profitAfterShares', { currency: reporting }),
      reporting,
      now.reporting.profitAfterShares,
      before?.reporting.profitAfterShares ?? null,
    ],
  );
  for (const outcome of OUTCOMES)
    lines.push([
      section,
      item,
      t(`reports.outcomes.${outcome}`),
      '',
      now.outcomes[outcome],
      before?.outcomes[outcome] ?? null,
    ]);
  for (const step of FUNNEL_STEPS)
    lines.push([
      section,
      item,
      `${t('reports.funnel.title')}: ${t(`reports.funnel.${step}`)}`,
      '',
      now.funnel[step],
      before?.funnel[step] ?? null,
    ]);
  lines.push(
    [
      section,
      item,
      t('reports.kpi.averageTicket'),
      'USDT',
      now.ticket.average,
      before?.ticket.average ?? null,
    ],
    [section, item, t('reports.kpi.medianTicket'), 'USDT', now.ticket.median, before?.ticket.median ?? null],
    [section, item, t('reports.kpi.newClients'), '', now.clients.new, before?.clients.new ?? null],
    [
      section,
      item,
      t('reports.kpi.returningClients'),
      '',
      now.clients.returning,
      before?.clients.returning ?? null,
    ],
    [section, item, t('reports.kpi.clicks'), '', now.clicks, before?.clicks ?? null],
  );
  for (const name of DURATIONS) {
    lines.push(
      [
        section,
        item,
        `${t(`reports.times.${name}`)}, ${t('reports.export.seconds')}: ${t('reports.times.median')}`,
        '',
        now.times[name].median,
        before?.times[name].median ?? null,
      ],
      [
        section,
        item,
        `${t(`reports.times.${name}`)}, ${t('reports.export.seconds')}: ${t('reports.times.p90')}`,
        '',
        now.times[name].p90,
        before?.times[name].p90 ?? null,
      ],
    );
  }
  return lines;
}

/** The export's header and lines: the whole business, then each row of its breakdown. */
function reportTable(report: Report, t: TFunction, rowName: ReturnType<typeof useBreakdownRowName>) {
  const header = [
    t('reports.export.section'),
    t('reports.export.item'),
    t('reports.export.figure'),
    t('reports.export.currency'),
    t('reports.export.now', { from: report.from, to: report.to }),
    t('reports.export.before', { from: report.previous.from, to: report.previous.to }),
  ];
  const lines = figureLines(t, t('reports.export.whole'), '', report.figures, report.previous.figures);
  if (report.breakdown) {
    const section = t('reports.breakdown.title', { by: t(`reports.breakdown.by.${report.breakdown.by}`) });
    for (const row of report.breakdown.rows)
      lines.push(...figureLines(t, section, rowName(report.breakdown.by, row), row.figures, null));
  }
  return { header, lines };
}

/** The report as a CSV file in the reader's language and dialect: the whole business, then its breakdown. */
export function reportCsv(
  report: Report,
  t: TFunction,
  language: Language,
  rowName: ReturnType<typeof useBreakdownRowName>,
): string {
  const dialect = DIALECTS[language];
  const cell = (value: string | number | null): CsvCell =>
    value === null
      ? ''
      : typeof value === 'number'
        ? { number: String(value) }
        : { number: dialect.number(value) };
  const { header, lines } = reportTable(report, t, rowName);
  return (
    '\uFEFF' +
    csvLine(header, dialect.separator) +
    lines
      .map(([section, item, figure, currency, now, before]) =>
        csvLine([section, item, figure, currency, cell(now), cell(before)], dialect.separator),
      )
      .join('')
  );
}

/**
 * A figure as a spreadsheet number: a cell holds a double, as Excel does, written from the exact
 * text (its shortest form is that text), shown with the text's decimals, grouped as the reader's
 * Excel groups.
 */
function numberCell(value: string | number | null) {
  if (value === null) return null;
  const text = String(value);
  const decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  return {
    value: Number(text),
    type: Number,
    format: decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0',
  };
}

/**
 * The report as an XLSX workbook: the CSV's columns, numbers as numbers. The writer
 * (write-excel-file, docs/decisions.md) is loaded only when asked for.
 */
export async function reportXlsx(
  report: Report,
  t: TFunction,
  rowName: ReturnType<typeof useBreakdownRowName>,
): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const { header, lines } = reportTable(report, t, rowName);
  const rows = [
    header.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...lines.map(([section, item, figure, currency, now, before]) => [
      section,
      item,
      figure,
      currency,
      numberCell(now),
      numberCell(before),
    ]),
  ];
  return writeXlsxFile(rows, {
    sheet: t('reports.export.sheet'),
    columns: [{ width: 28 }, { width: 24 }, { width: 40 }, { width: 10 }, { width: 18 }, { width: 18 }],
    stickyRowsCount: 1,
  }).toBlob();
}

/** Downloads the report the page shows as a CSV or an XLSX (the same figures: nothing is read again). */
export function ReportExport({ report }: { report: Report }) {
  const { t, language } = useTranslation('admin');
  const rowName = useBreakdownRowName();
  const name = `report-${report.from}-${report.to}${report.breakdown ? `-${report.breakdown.by}` : ''}-${language}`;
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() =>
          saveFile(
            new Blob([reportCsv(report, t, language, rowName)], { type: 'text/csv;charset=utf-8' }),
            `${name}.csv`,
          )
        }
      >
        {t('reports.export.csv')}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={async () => saveFile(await reportXlsx(report, t, rowName), `${name}.xlsx`)}
      >
        {t('reports.export.xlsx')}
      </Button>
    </>
  );
}

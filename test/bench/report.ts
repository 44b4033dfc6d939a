import { bcryptColumn } from './bcrypt';
import { type Bundle, bytesByPackage, type Column, type Measurement } from './harness';

/** Targets of the foundation issue, as multiples of the reference bundle. */
export const TARGETS = { bytes: 1.5, loadTime: 1.3 } as const;

function verdict(ok: boolean): string {
  return ok ? 'pass' : 'FAIL';
}

export function bytesRatio(measurement: Measurement, reference: Measurement): number {
  return measurement.bundle.bytes / reference.bundle.bytes;
}

/** NaN when either bundle failed to load. */
export function loadRatio(measurement: Measurement, reference: Measurement): number {
  if (!measurement.load.ok || !reference.load.ok) return Number.NaN;
  return measurement.load.medianMs / reference.load.medianMs;
}

/** The file name under ~/.aws, so reads compare across bundles. */
function awsFile(read: string): string {
  return read.slice(read.lastIndexOf('/.aws/'));
}

/** ~/.aws files this bundle reads while loading that the bare SDK client does not. */
export function extraAwsFileReads(measurement: Measurement, reference: Measurement): string[] {
  const allowed = new Set(reference.network.awsFileReads.map(awsFile));
  return [...new Set(measurement.network.awsFileReads.map(awsFile))].filter((file) => !allowed.has(file));
}

/** No network call, no import error, and no ~/.aws read beyond what creating an SDK client does. */
export function loadsQuietly(measurement: Measurement, reference: Measurement): boolean {
  return (
    measurement.network.networkCalls.length === 0 &&
    measurement.network.error === undefined &&
    extraAwsFileReads(measurement, reference).length === 0
  );
}

export function meetsTargets(measurement: Measurement, reference: Measurement): boolean {
  return (
    bytesRatio(measurement, reference) <= TARGETS.bytes &&
    loadRatio(measurement, reference) <= TARGETS.loadTime &&
    loadsQuietly(measurement, reference)
  );
}

function quietDetail(measurement: Measurement, reference: Measurement): string {
  if (loadsQuietly(measurement, reference)) return 'pass';
  const details = [
    ...measurement.network.networkCalls,
    ...extraAwsFileReads(measurement, reference).map((file) => `reads ~${file}`),
    ...(measurement.network.error ? [`import failed: ${measurement.network.error}`] : []),
  ];
  return `FAIL ${details.join('; ')}`;
}

/** The default table; later issues add columns here or pass their own list to `renderTable`. */
export const COLUMNS: Column[] = [
  { header: 'function', align: 'left', cell: (m) => m.bundle.fn.name },
  { header: 'bytes', align: 'right', cell: (m) => m.bundle.bytes.toLocaleString('en-US') },
  { header: 'x ref', align: 'right', cell: (m, ref) => bytesRatio(m, ref).toFixed(2) },
  {
    header: `<=${TARGETS.bytes}x`,
    align: 'left',
    cell: (m, ref) => verdict(bytesRatio(m, ref) <= TARGETS.bytes),
  },
  { header: 'load ms', align: 'right', cell: (m) => (m.load.ok ? m.load.medianMs.toFixed(1) : 'error') },
  {
    header: 'x ref',
    align: 'right',
    cell: (m, ref) => (Number.isNaN(loadRatio(m, ref)) ? '-' : loadRatio(m, ref).toFixed(2)),
  },
  {
    header: `<=${TARGETS.loadTime}x`,
    align: 'left',
    cell: (m, ref) => verdict(loadRatio(m, ref) <= TARGETS.loadTime),
  },
  { header: 'no network on load', align: 'left', cell: quietDetail },
  bcryptColumn,
];

/** A plain text table, columns padded to their widest cell. */
export function renderTable(
  measurements: readonly Measurement[],
  reference: Measurement,
  columns: readonly Column[] = COLUMNS,
): string {
  const rows = [
    columns.map((column) => column.header),
    ...measurements.map((measurement) => columns.map((column) => column.cell(measurement, reference))),
  ];
  const widths = columns.map((_, index) => Math.max(...rows.map((row) => row[index]!.length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, index) => {
        if (columns[index]!.align === 'right') return cell.padStart(widths[index]!);
        return index === row.length - 1 ? cell : cell.padEnd(widths[index]!);
      })
      .join('  ');
  return [line(rows[0]!), line(widths.map((width) => '-'.repeat(width))), ...rows.slice(1).map(line)].join(
    '\n',
  );
}

/** Where a bundle's bytes beyond the reference's go, largest first. */
export function renderSizeBreakdown(bundle: Bundle, reference: Bundle, top = 10): string {
  const own = bytesByPackage(bundle);
  const base = bytesByPackage(reference);
  const extra = [...own]
    .map(([name, bytes]): [string, number] => [name, bytes - (base.get(name) ?? 0)])
    .filter(([, bytes]) => bytes > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, top);
  const width = Math.max(...extra.map(([name]) => name.length));
  return extra
    .map(([name, bytes]) => `  ${name.padEnd(width)}  ${(bytes / 1024).toFixed(1).padStart(7)} KiB`)
    .join('\n');
}

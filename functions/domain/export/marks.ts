import { parseAssetKey } from '@shared/assets';

/**
 * The marks of a direction in the monitors' `<param>` (docs/product.md §10), comma-separated:
 * `manual`, the mark BestChange's labels page documents for manual or semi-automatic handling, and
 * `verifying`, what exchanger scripts write where the client must be verified first.
 */
export type ExportMark = 'manual' | 'verifying';

/**
 * A direction's marks. `manual` where staff confirm the client's payment by hand: whatever the
 * client gives in cash or by card (a receipt, a bank statement). USDT given is matched on chain by
 * the watcher and confirmed without staff, so it has no mark (docs/decisions.md). `verifying` where
 * every client of the direction must pay from a verified card (`cardVerification: 'always'`).
 */
export function exportMarks(assetFrom: string, verificationRequired: boolean): ExportMark[] {
  const given = parseAssetKey(assetFrom);
  const marks: ExportMark[] = [];
  if (given?.kind !== 'crypto') marks.push('manual');
  if (verificationRequired) marks.push('verifying');
  return marks;
}

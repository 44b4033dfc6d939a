import { BCRYPT_COST, hashPassword } from '@functions/domain/accounts/passwords';
import { bytesByPackage, type Column, median } from './harness';

/**
 * The accounts issue's bench figures: which bundles carry bcryptjs (only those that hash or
 * compare passwords should) and how long one hash takes at the cost the API uses.
 */
export const BCRYPT_RUNS = 9;

export const bcryptColumn: Column = {
  header: 'bcrypt',
  align: 'left',
  cell: (m) => (bytesByPackage(m.bundle).has('bcryptjs') ? 'yes' : '-'),
};

/** Median wall time of `hashPassword` (SHA-256 pre-hash + bcrypt) over BCRYPT_RUNS runs, in ms. */
export async function medianHashMs(runs = BCRYPT_RUNS): Promise<number> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await hashPassword(`bench-password-${run}`);
    samples.push(performance.now() - started);
  }
  return median(samples);
}

export function bcryptSummary(bundleNames: readonly string[], hashMs: number): string {
  return (
    `bcrypt: cost ${BCRYPT_COST}, median hash ${hashMs.toFixed(0)} ms over ${BCRYPT_RUNS} runs (this machine); ` +
    `bundled only in ${bundleNames.length} functions: ${bundleNames.join(', ') || 'none'}.`
  );
}

import { randomBytes } from 'node:crypto';
import { postToTronStandIn } from '@infra/local/tron-stand-in';
import type { CapacityMeter } from '../support/consumed-capacity';

/**
 * The chain watcher's cost per run: TronGrid calls (counted by the stand-in,
 * which records every provider request it answers) and the table's calls and read/write units
 * (ReturnConsumedCapacity on DynamoDB Local) of one run of the scheduled job, with `open` USDT →
 * cash applications waiting for payment on two receiving wallets. A quiet run (nothing new on
 * chain) and a run that finds one exact payment on each wallet, already final, are measured at each
 * count. The watcher reads each wallet from its cursor and looks up a transfer's amount by key, so
 * the figures must not grow with the open applications.
 */
/** A scheduled job's answer when it ran: the bench runs one run at a time, so a skipped run is a fault. */
export function ranAlone<T>(answer: T): Exclude<T, { readonly notRun: string }> {
  if (typeof answer === 'object' && answer !== null && 'notRun' in answer)
    throw new Error(`bench: a job run was skipped (${String(answer.notRun)})`);
  return answer as Exclude<T, { readonly notRun: string }>;
}

export interface WatcherCost {
  open: number;
  run: 'quiet' | 'payment on each wallet';
  wallets: number;
  recorded: number;
  providerCalls: number;
  calls: number;
  readUnits: number;
  writeUnits: number;
}

/** The open applications of each measured row, in growing order. */
export const WATCHER_OPEN_COUNTS = [10, 1000];
const WALLETS = 2;
/** Applications created at once while seeding. */
const SEED_CONCURRENCY = 8;

interface Waiting {
  id: string;
  wallet: string;
  payable: string;
}

export async function measureWatcherCosts(options: {
  tronApiUrl: string;
  meter: CapacityMeter;
  /** A new user of `role` in the bench's table (its id). */
  newUser: (role: 'USER' | 'ADMIN') => Promise<{ id: string }>;
}): Promise<WatcherCost[]> {
  const { tronApiUrl, meter } = options;
  const { hexToTronAddress } = await import('@functions/data/tron');
  const { createPaymentTemplate } = await import('@functions/domain/payment-templates/templates');
  const { createApplication } = await import('@functions/domain/applications/create');
  const { changeApplicationStatus } = await import('@functions/domain/applications/admin-actions');
  const { issueInstructions } = await import('@functions/domain/applications/staff-deal');
  const { handler: watchChain } = await import('@functions/jobs/watch-chain');

  const local = (path: string, body: unknown) =>
    postToTronStandIn<{ txId: string }>(tronApiUrl, `/_local/${path}`, body);
  const providerRequests = async () => {
    const response = await fetch(`${tronApiUrl}/_local/requests`);
    return ((await response.json()) as { apiKeys: unknown[] }).apiKeys.length;
  };

  const staff = await options.newUser('ADMIN');
  const actor = { id: staff.id, role: 'ADMIN' as const };
  const templates: Array<{ id: string; address: string }> = [];
  for (let index = 0; index < WALLETS; index += 1) {
    const address = hexToTronAddress(`41${randomBytes(20).toString('hex')}`);
    const template = await createPaymentTemplate(
      { kind: 'usdt', label: `Bench wallet ${index + 1}`, address },
      actor,
    );
    templates.push({ id: template.id, address });
  }

  // Each application through the domain as staff would move it: created, taken, instructions on a wallet.
  let created = 0;
  let pending = 0;
  const open: Waiting[] = [];
  const openOne = async (): Promise<Waiting> => {
    const index = created++;
    const template = templates[index % WALLETS]!;
    const owner = await options.newUser('USER');
    const { application } = await createApplication(
      owner.id,
      {
        requestType: 'STANDARD',
        continent: 'europe',
        country: 'europe.spain',
        city: 'europe.spain.madrid',
        assetFrom: 'usdt-trc20',
        assetTo: 'cash-EUR',
        amount: 100 + (index % 500),
        contactTelegram: '@bench_user',
        amlAcknowledged: true as const,
        originFunds: 'N/A',
      },
      undefined,
    );
    await changeApplicationStatus(application.id, { status: 'PROCESSING' }, actor);
    const issued = await issueInstructions(
      application.id,
      { text: 'Send exactly this amount', templateId: template.id, paymentWindowMinutes: 240 },
      actor,
    );
    return { id: application.id, wallet: template.address, payable: issued.instructions!.crypto!.amount };
  };
  const openUpTo = async (count: number) => {
    await Promise.all(
      Array.from({ length: SEED_CONCURRENCY }, async () => {
        while (open.length + pending < count) {
          pending += 1;
          const waiting = await openOne();
          pending -= 1;
          open.push(waiting);
        }
      }),
    );
  };

  const measure = async (count: number, run: WatcherCost['run']): Promise<WatcherCost> => {
    const before = await providerRequests();
    meter.reset();
    const result = ranAlone(await watchChain());
    const cost = {
      open: count,
      run,
      wallets: result.wallets,
      recorded: result.recorded,
      providerCalls: (await providerRequests()) - before,
      calls: meter.calls,
      readUnits: meter.readUnits,
      writeUnits: meter.writeUnits,
    };
    if (result.failures > 0)
      throw new Error(`bench: the watcher failed ${result.failures} reads or settlements`);
    return cost;
  };

  const costs: WatcherCost[] = [];
  for (const count of WATCHER_OPEN_COUNTS) {
    await openUpTo(count);
    // The cursors reach the chain's head first: a measured run reads only what is new.
    await watchChain();
    costs.push(await measure(count, 'quiet'));
    // One exact, final payment on each wallet: recorded, matched, PAID and CONFIRMED in the run.
    for (const template of templates) {
      const index = open.findIndex((waiting) => waiting.wallet === template.address);
      const [paid] = open.splice(index, 1);
      const { txId } = await local('transfers', {
        from: hexToTronAddress(`41${randomBytes(20).toString('hex')}`),
        to: paid!.wallet,
        amount: paid!.payable,
      });
      await local('solidify', { txId });
    }
    costs.push(await measure(count, 'payment on each wallet'));
    // The paid ones are no longer open: the next row tops the count up again.
  }
  return costs;
}

export function renderWatcherCosts(costs: WatcherCost[]): string {
  const header = [
    'open',
    'run',
    'wallets',
    'recorded',
    'TronGrid calls',
    'table calls',
    'read units',
    'write units',
  ];
  const rows = costs.map((cost) => [
    String(cost.open),
    cost.run,
    String(cost.wallets),
    String(cost.recorded),
    String(cost.providerCalls),
    String(cost.calls),
    cost.readUnits.toFixed(1),
    cost.writeUnits.toFixed(1),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column <= 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

import type { UserRecord } from '@functions/data/users';
import { postToTronStandIn } from '@infra/local/tron-stand-in';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ChainModules, newTronAddress, sendUsdt, setUpChainTable } from './chain-table';

/**
 * The chain watcher's runs cannot pile up (docs/architecture.md "Scheduled jobs"): two runs of
 * the job never work at once, a run stops taking work when its time is spent and the next goes on
 * from the cursors, runs leave a failing provider alone for longer and longer, and a cursor never
 * moves back. On a table and a TronGrid stand-in of this file's own (chain-table.ts); the job's
 * handler and its domain function run directly.
 */
const chain = setUpChainTable('watcher-runs');
let m: ChainModules;
let admin: UserRecord;
beforeAll(() => {
  ({ m, admin } = chain);
});

const local = (path: string, body: unknown = {}) => postToTronStandIn(chain.standIn.url, path, body);
const providerRequests = async () =>
  ((await (await fetch(`${chain.standIn.url}/_local/requests`)).json()) as { apiKeys: unknown[] }).apiKeys
    .length;

async function wallet() {
  const address = newTronAddress();
  await m.templates.createPaymentTemplate(
    { kind: 'usdt', label: `Wallet ${address}`, address },
    { id: admin.id, role: 'ADMIN' },
  );
  return address;
}

/** `count` transfers no application holds (each waits for staff), sent to `to`. */
const strays = (to: string, count: number) =>
  Promise.all(Array.from({ length: count }, (_, index) => sendUsdt(chain.standIn, to, `${7 + index}.25`)));

/** A budget that is spent after it was asked `checks` times: where a run stops, exactly. */
const spentAfter = (checks: number) => {
  let asked = 0;
  return {
    over: () => {
      asked += 1;
      return asked > checks;
    },
  };
};

/** Whether each transaction is recorded, once: a second record of one id cannot exist (a conditional Put). */
async function recorded(txIds: string[]) {
  const records = await Promise.all(txIds.map((txId) => m.transfers.findChainTransfer(txId)));
  return records.filter((record) => record !== undefined).length;
}

describe("the chain watcher's runs", () => {
  it('stops taking work when its time is spent, and the next runs go on from the cursor until every transfer is recorded once', async () => {
    const to = await wallet();
    const sent = await strays(to, 4);
    // The file's first wallet, so a run's checks are this wallet's: itself, its page and two
    // transfers, then the budget is spent (a later run meets the last one it read again, first).
    expect(await m.wallets.officeWallets()).toHaveLength(1);
    const checks = 4;
    const runs: Array<{ recorded: number; unfinished: boolean }> = [];
    for (let attempt = 0; attempt < 6 && (await recorded(sent)) < sent.length; attempt += 1)
      runs.push(await m.watcher.watchChain(new Date(), spentAfter(checks)));

    // Each run gets further: the first records two, the next start at the last one read (met again, known).
    expect(runs.map((run) => run.recorded)).toEqual([2, 1, 1]);
    expect(runs[0]!.unfinished).toBe(true);
    expect(await recorded(sent)).toBe(4);
    expect(await m.watcher.watchChain()).toMatchObject({ recorded: 0, unfinished: false });
  });

  it('never work two at once: a run started while another reads a slow provider does nothing, and nothing is lost or recorded twice', async () => {
    const to = await wallet();
    const sent = await strays(to, 3);
    await local('/_local/slow', { delayMs: 300 });
    const { handler } = await import('@functions/jobs/watch-chain');
    const context = (id: string) => ({ awsRequestId: id, getRemainingTimeInMillis: () => 60_000 });

    const runs = await Promise.all([
      handler(undefined, context('first')),
      handler(undefined, context('second')),
    ]);
    await local('/_local/slow', { delayMs: 0 });

    const skipped = runs.filter((run) => 'notRun' in run);
    const worked = runs.filter((run) => !('notRun' in run));
    expect(skipped).toHaveLength(1);
    expect(worked).toEqual([expect.objectContaining({ recorded: 3, failures: 0 })]);
    expect(await recorded(sent)).toBe(3);
    // The job is free again: the next run reads, and finds nothing new.
    expect(await handler(undefined, context('third'))).toMatchObject({ recorded: 0, failures: 0 });
  });

  it('leaves a failing provider alone for longer and longer, and calls it again after a run that worked', async () => {
    const to = await wallet();
    const [late] = await strays(to, 1);
    const start = Date.now();
    const at = (minutes: number) => new Date(start + minutes * 60_000);
    await local('/_local/fail', { status: 503, times: 2, match: to });

    expect(await m.watcher.watchChain(at(0))).toMatchObject({ failures: 1, backedOff: false });
    // One failure in a row: the provider is left alone until the next scheduled run.
    const before = await providerRequests();
    expect(await m.watcher.watchChain(at(0.5))).toMatchObject({ backedOff: true });
    expect(await providerRequests()).toBe(before);
    expect(await m.watcher.watchChain(at(1))).toMatchObject({ failures: 1, backedOff: false });
    // Two in a row: two minutes.
    expect(await m.watcher.watchChain(at(2.5))).toMatchObject({ backedOff: true });
    expect(await m.transfers.findChainProviderBackoff()).toEqual({
      failures: 2,
      notBefore: at(3).toISOString(),
    });

    expect(await m.watcher.watchChain(at(3))).toMatchObject({ failures: 0, backedOff: false });
    expect(await recorded([late!])).toBe(1);
    expect(await m.transfers.findChainProviderBackoff()).toEqual({ failures: 0, notBefore: null });
  });

  it('never moves a cursor back: a run that read less cannot undo one that read more', async () => {
    const address = newTronAddress();
    const at = new Date().toISOString();
    expect(await m.transfers.saveChainCursor(address, { minTimestamp: 2_000, fingerprint: null }, at)).toBe(
      true,
    );

    expect(await m.transfers.saveChainCursor(address, { minTimestamp: 1_000, fingerprint: null }, at)).toBe(
      false,
    );
    expect(await m.transfers.findChainCursor(address)).toMatchObject({ minTimestamp: 2_000 });
    // Within one read, the next page's fingerprint keeps the same minimum: saved.
    expect(
      await m.transfers.saveChainCursor(address, { minTimestamp: 2_000, fingerprint: 'page-2' }, at),
    ).toBe(true);
  });
});

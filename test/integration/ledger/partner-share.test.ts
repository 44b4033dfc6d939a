import type { UserRecord } from '@functions/data/users';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import { unbalancedCurrencies } from '@shared/ledger';
import { add, compare, movePoint, multiply, rounded, toUnits } from '@shared/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { putUser } from '../applications/isolated-table';
import { type ChainModules, setUpChainTable } from '../chain/chain-table';
import { completedCashDeal } from '../partners/deals';

/**
 * A partner's share of the deals they brought (issue 41 item 3), on a table of this file's own
 * through the domain functions the routes call: a cash deal completed at the office by a client
 * who came through a partner's `?ref=` link books, in the completing write, one balanced USDT entry
 * from the exchange's book to what partners are owed, of the settings' percentages of its profit
 * (as its completion snapshot states it) and of its USDT volume, recomputed here independently.
 */
const chain = setUpChainTable('partner-share');
let m: ChainModules;
let ledger: typeof import('@functions/data/ledger');
let snapshots: typeof import('@functions/data/completion-snapshots');
let settings: typeof import('@functions/domain/settings/settings');
let manager: UserRecord;
let admin: UserRecord;

beforeAll(async () => {
  ({ m, manager, admin } = chain);
  ledger = await import('@functions/data/ledger');
  snapshots = await import('@functions/data/completion-snapshots');
  settings = await import('@functions/domain/settings/settings');
});

const asManager = (): RecordedActor => ({ id: manager.id, role: 'MANAGER' });

async function setShares(ofProfit: number, ofVolume: number) {
  const asAdmin: RecordedActor = { id: admin.id, role: 'ADMIN' };
  await settings.putSetting('partnerShareOfProfitPercent', { value: ofProfit }, asAdmin);
  await settings.putSetting('partnerShareOfVolumePercent', { value: ofVolume }, asAdmin);
}

/** Cash EUR → USDT completed at the office by the manager, from `client`, with the visit's `source`. */
const completedDeal = (client: UserRecord, source: Record<string, string>) =>
  completedCashDeal(m, asManager(), client, source);

const partnerEntries = async (applicationId: string) =>
  (await ledger.readApplicationEntries(applicationId)).filter((entry) => entry.kind === 'partnerShare');

describe("a partner's share of a deal they brought", () => {
  it('is booked at completion in USDT, balanced, of the profit and the volume, under the partner', async () => {
    await setShares(30, 0.5);
    const [partner, client] = await Promise.all([putUser(), putUser()]);
    const owedBefore = (await ledger.findLedgerAccount('partners-USDT'))?.balanceUnits ?? 0n;
    const id = await completedDeal(client, { partner: partner.referralCode! });

    const snapshot = (await snapshots.findCompletionSnapshot(id))!;
    expect(compare(snapshot.profitUsdt, 0)).toBe(1);
    const expected = rounded(
      add(
        multiply(snapshot.profitUsdt, movePoint(30, -2)),
        multiply(snapshot.amountTo, movePoint('0.5', -2)),
      ),
      6,
      'down',
    );
    const units = toUnits(expected, 6);
    const [entry, ...more] = await partnerEntries(id);
    expect(more).toEqual([]);
    // By the manager who completed the deal, as its exchange entry.
    expect(entry).toMatchObject({ reference: partner.id, actorId: manager.id, applicationId: id });
    expect(entry!.lines).toEqual([
      { accountId: 'exchange-USDT', currency: 'USDT', units },
      { accountId: 'partners-USDT', currency: 'USDT', units: -units },
    ]);
    expect(unbalancedCurrencies(entry!.lines)).toEqual([]);
    const owedAfter = (await ledger.findLedgerAccount('partners-USDT'))!.balanceUnits;
    expect(owedAfter - owedBefore).toBe(-units);
  });

  it('books nothing without a partner, for a client who is their own partner, or with no shares set', async () => {
    const [partner, client] = await Promise.all([putUser(), putUser()]);
    await setShares(30, 0.5);
    const plain = await completedDeal(client, { utmSource: 'newsletter' });
    const ownLink = await completedDeal(partner, { partner: partner.referralCode! });
    await setShares(0, 0);
    const noTerms = await completedDeal(client, { partner: partner.referralCode! });
    for (const id of [plain, ownLink, noTerms]) expect(await partnerEntries(id)).toEqual([]);
    // The exchange itself is booked for each, as always.
    for (const id of [plain, ownLink, noTerms]) {
      expect((await ledger.readApplicationEntries(id)).some((entry) => entry.kind === 'exchange')).toBe(true);
    }
  });
});

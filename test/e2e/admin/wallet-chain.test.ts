import { describe, expect, it } from 'vitest';
import { api, runId } from '../../support/api';
import {
  logIn,
  logInAsSuperAdmin,
  openAs,
  registerVerifiedUser,
  waitForAdmin,
} from '../support/admin-session';
import { screenshot, seriousAxeViolations, useBrowser, VIEWPORTS } from '../support/browser';
import { newTronAddress, tronStandIn } from '../support/deal-steps';

/**
 * A USDT wallet on the books' page beside what the chain (the TronGrid stand-in) says it holds: the
 * MANAGER on shift sees the two agree, then, after USDT arrives that the books do not know of yet,
 * the difference flagged on the wallet's row.
 */
// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

describe("a wallet's balance on chain", () => {
  it('stands under the booked one on /admin/accounts, and a difference is flagged', async () => {
    const superAdmin = await logInAsSuperAdmin();
    const user = await registerVerifiedUser('walm');
    await api('PUT', `/api/admin/users/${user.user.id}/role`, {
      token: superAdmin.token,
      body: { role: 'MANAGER' },
    });
    const manager = await logIn(user.email, user.password);
    const address = newTronAddress();
    const name = `E2E wallet ${runId()}`;
    const opened = await api<{ id: string }>('POST', '/api/admin/ledger/accounts', {
      token: superAdmin.token,
      body: { name, kind: 'wallet', currency: 'USDT', assets: ['usdt-trc20'], address },
    });
    await api('POST', `/api/admin/ledger/accounts/${opened.body.data!.id}/adjustments`, {
      token: superAdmin.token,
      body: { amount: '250', reason: 'What the wallet held when the books started', opening: true },
    });
    await tronStandIn('/_local/transfers', { to: address, amount: '250' });

    const page = await newPage({ language: 'en', width: VIEWPORTS.mobile });
    await openAs(page, manager, '/admin/accounts');
    await waitForAdmin(page);
    const row = () => page.getByRole('row').filter({ has: page.getByRole('button', { name, exact: true }) });
    await row().getByText('On chain: 250.00 USDT').waitFor();
    await expect(
      row()
        .getByText(/Chain differs/)
        .count(),
    ).resolves.toBe(0);

    await tronStandIn('/_local/transfers', { to: address, amount: '12.5' });
    await page.reload();
    await waitForAdmin(page);
    await row().getByText('Chain differs by 12.50 USDT').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'ledger/wallet-chain-manager-en-375');
  });
});

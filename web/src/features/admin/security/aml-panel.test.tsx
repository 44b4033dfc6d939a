import type { AmlStatus } from '@shared/contract/security';
import { adminAmlStatus } from '@shared/routes/security';
import { cleanup, screen, within } from '@testing-library/react';
import { fakeApi, ok } from '@web/testing/fake-api';
import { setupTestI18n } from '@web/testing/i18n';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { AmlPanel } from './aml-panel';

const panel = async (name: string) => within((await screen.findByRole('region', { name })) as HTMLElement);

describe('the security page’s AML check panel', () => {
  beforeEach(startI18n);
  afterEach(cleanup);

  it('says the check is on, with this month’s checks and their exact cost', async () => {
    const status: AmlStatus = {
      configured: true,
      month: '2026-11',
      checks: 1234,
      cost: '431.9',
      currency: 'USD',
    };
    fakeApi().answer(adminAmlStatus, ok(status));

    renderAdmin(<AmlPanel />, { role: 'ADMIN', id: 'ivan' });

    const aml = await panel('AML check of incoming USDT');
    expect(await aml.findByText('On')).toBeTruthy();
    expect(
      aml.getByText('Checks in 2026-11: 1,234, costing 431.9 USD (the setting amlCheckCostUSD per check).'),
    ).toBeTruthy();
    expect(aml.queryByText(/No AML provider key is set/)).toBeNull();
  });

  it('says in Russian that without a key the check is off, and how to turn it on', async () => {
    const status: AmlStatus = { configured: false, month: '2026-11', checks: 0, cost: '0', currency: 'USD' };
    fakeApi().answer(adminAmlStatus, ok(status));
    await setupTestI18n('ru');

    renderAdmin(<AmlPanel />, { role: 'ADMIN', id: 'ivan' });

    const aml = await panel('AML-проверка входящих USDT');
    expect(await aml.findByText('Выключена: нет ключа')).toBeTruthy();
    expect(aml.getByText(/Ключ AML-провайдера не задан/)).toBeTruthy();
  });
});

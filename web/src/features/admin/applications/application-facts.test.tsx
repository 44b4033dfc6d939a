import { getGeo } from '@shared/routes/geo';
import { cleanup, screen } from '@testing-library/react';
import { fakeApi, ok } from '@web/testing/fake-api';
import { testAdminApplicationDetail } from '@web/testing/fixtures';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { ApplicationFacts } from './application-facts';

const COMPLETED = testAdminApplicationDetail({
  status: 'COMPLETED',
  updatedAt: '2026-11-20T12:00:00.000Z',
  audit: [
    {
      at: '2026-11-20T12:00:00.000Z',
      actorId: 'staff-2',
      actorRole: 'ADMIN',
      action: 'application.status',
      before: { status: 'PROCESSING' },
      after: {
        status: 'COMPLETED',
        acceptedExpiredQuote: {
          lockedUntil: '2026-11-20T10:30:00.000Z',
          assetTo: 'usdt-trc20',
          currencyTo: 'USDT',
          lockedRate: 0.985,
          lockedAmountTo: 197,
          currentRate: 0.4925,
          currentAmountTo: 98.5,
          currentRefusal: null,
        },
      },
    },
  ],
});

describe('ApplicationFacts', () => {
  beforeAll(startI18n);
  afterEach(cleanup);

  it('shows that an expired quote was accepted, with both amounts, once completed so', () => {
    fakeApi().answer(getGeo, ok([], 'OK'));
    renderAdmin(<ApplicationFacts application={COMPLETED} />);
    expect(screen.getByText('Expired quote accepted')).toBeTruthy();
    expect(
      screen.getByText('paid out 197 USDT (TRC-20); a fresh quote gave 98.50 USDT (TRC-20)'),
    ).toBeTruthy();
  });

  it('says nothing of it for a completion within the lock', () => {
    fakeApi().answer(getGeo, ok([], 'OK'));
    renderAdmin(
      <ApplicationFacts
        application={{ ...COMPLETED, audit: [{ ...COMPLETED.audit[0]!, after: { status: 'COMPLETED' } }] }}
      />,
    );
    expect(screen.queryByText('Expired quote accepted')).toBeNull();
  });

  it('writes the rate with the expensive currency as the unit', () => {
    fakeApi().answer(getGeo, ok([], 'OK'));
    const rub = testAdminApplicationDetail({
      assetFrom: 'card-RUB',
      currencyFrom: 'RUB',
      amountFrom: 10_000,
      amountTo: 103.16,
      rate: { ...COMPLETED.rate!, rate: 0.010316 },
    });
    renderAdmin(<ApplicationFacts application={rub} />);
    // Not "0.010316": one USDT costs 96.94 RUB.
    expect(screen.getByText('1 USDT = 96.94 RUB (1.5 %)')).toBeTruthy();
  });

  it("shows a completed deal's market rate and its profit in the fiat currency and in USDT", () => {
    fakeApi().answer(getGeo, ok([], 'OK'));
    const done = testAdminApplicationDetail({
      status: 'COMPLETED',
      assetFrom: 'card-RUB',
      currencyFrom: 'RUB',
      amountFrom: 9300,
      amountTo: 100,
      rate: { ...COMPLETED.rate!, rate: 0.01075268817 },
      completion: {
        completedAt: '2026-11-20T12:00:00.000Z',
        rate: 0.01075268817,
        amountFrom: 9300,
        amountTo: 100,
        currencyFrom: 'RUB',
        currencyTo: 'USDT',
        marketRate: 0.0108,
        marketSource: 'manual',
        marketAsOf: '2026-11-20T09:00:00.000Z',
        fiatCurrency: 'RUB',
        profitFiat: 40.74,
        profitUsdt: 0.44,
      },
    });

    renderAdmin(<ApplicationFacts application={done} />);

    expect(screen.getByText('Market rate at completion')).toBeTruthy();
    expect(screen.getByText(/^1 USDT = 92\.59 RUB \(by the USD values of /)).toBeTruthy();
    expect(screen.getByText('40.74 RUB · 0.44 USDT')).toBeTruthy();
  });

  it('says nothing of the market before the deal completes', () => {
    fakeApi().answer(getGeo, ok([], 'OK'));
    renderAdmin(<ApplicationFacts application={testAdminApplicationDetail()} />);

    expect(screen.queryByText('Market rate at completion')).toBeNull();
  });

  it("says where the client came from: a monitor, a campaign, another site, a partner's link; or that it is not known", () => {
    fakeApi().answer(getGeo, ok([], 'OK'));
    const source = {
      monitorFrom: 'SBERRUB',
      monitorTo: 'USDTTRC20',
      utmSource: 'telegram',
      utmCampaign: 'spring',
      referrer: 'www.bestchange.ru',
      partner: 'ANNA7',
    };
    renderAdmin(<ApplicationFacts application={testAdminApplicationDetail({ source })} />);
    expect(screen.getByText('Came from')).toBeTruthy();
    expect(
      screen.getByText(
        "a monitor's link, SBERRUB → USDTTRC20; campaign telegram / spring; from www.bestchange.ru; a partner's link, code ANNA7",
      ),
    ).toBeTruthy();
    cleanup();

    renderAdmin(
      <ApplicationFacts
        application={testAdminApplicationDetail({ source: { partner: 'ANNA7', partnerSub: 'telegram' } })}
      />,
    );
    expect(screen.getByText("a partner's link, code ANNA7, sub-id telegram")).toBeTruthy();
    cleanup();

    renderAdmin(<ApplicationFacts application={testAdminApplicationDetail()} />);
    expect(screen.getByText('Not known (a direct visit, or before it was kept)')).toBeTruthy();
  });
});

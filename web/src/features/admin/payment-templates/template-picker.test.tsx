import type { TemplateFitFacts } from '@shared/payment-templates';
import { getGeo } from '@shared/routes/geo';
import { adminListPaymentTemplates } from '@shared/routes/payment-templates';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import { testCity, testPoolFields } from '@web/testing/fixtures';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { type PickedTemplate, TemplatePicker } from './template-picker';

const AT = '2026-11-20T10:00:00.000Z';
const common = { inUse: false, createdAt: AT, updatedAt: AT, accountId: null };
const unstructured = { number: null, bank: null, holder: null };
const TEMPLATES: PickedTemplate[] = [
  {
    kind: 'card',
    id: 'eur',
    label: 'EUR card',
    currency: 'EUR',
    details: 'IBAN ES91',
    ...unstructured,
    ...common,
    ...testPoolFields(),
  },
  {
    kind: 'card',
    id: 'usd',
    label: 'USD card',
    currency: 'USD',
    details: 'IBAN US00',
    ...unstructured,
    ...common,
    ...testPoolFields(),
  },
  {
    kind: 'office',
    id: 'madrid',
    label: 'Madrid office',
    city: 'europe.spain.madrid',
    details: 'Calle Mayor 1',
    ...common,
  },
  {
    kind: 'office',
    id: 'kazan',
    label: 'Kazan office',
    city: 'cis.russia.kazan',
    details: 'Baumana 5',
    ...common,
  },
  {
    kind: 'usdt',
    id: 'wallet',
    label: 'Hot wallet',
    address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    ...common,
    ...testPoolFields(),
  },
];

function pick(facts: TemplateFitFacts, templates = TEMPLATES, onAuto?: () => void) {
  const onPick = vi.fn();
  fakeApi()
    .answer(adminListPaymentTemplates, ok({ templates }))
    .answer(
      getGeo,
      ok([
        {
          key: 'europe',
          defaultName: 'Europe',
          names: { ru: 'Европа', en: 'Europe' },
          isActive: true,
          countries: [
            {
              key: 'europe.spain',
              defaultName: 'Spain',
              names: { ru: 'Испания', en: 'Spain' },
              isActive: true,
              localCurrency: 'EUR',
              cities: [testCity('europe.spain.madrid', 'Madrid')],
            },
          ],
        },
      ]),
    );
  renderAdmin(<TemplatePicker facts={facts} onPick={onPick} onAuto={onAuto} />, { role: 'MANAGER' });
  return onPick;
}

const offered = async () => {
  const group = await screen.findByRole('group', { name: 'Start from a payment template' });
  await within(group).findAllByRole('button');
  return within(group)
    .getAllByRole('button')
    .map((button) => button.querySelector('.template-picker__label')?.textContent);
};

describe('the payment template picker', () => {
  beforeAll(startI18n);
  afterEach(cleanup);

  it('offers a card payment only the card templates of its currency, and hands the picked one over', async () => {
    const onPick = pick({ assetFrom: 'card-EUR', city: 'europe.spain.madrid' });
    expect(await offered()).toEqual(['EUR card']);
    fireEvent.click(screen.getByRole('button', { name: /EUR card/ }));
    expect(onPick).toHaveBeenCalledWith(TEMPLATES[0]);
  });

  it("offers the system's pick first, chosen while nothing is picked, and a paused card not at all", async () => {
    const onAuto = vi.fn();
    const paused: PickedTemplate = {
      ...TEMPLATES[0]!,
      id: 'paused',
      label: 'Blocked EUR card',
      ...testPoolFields({ availability: 'paused' }),
    } as PickedTemplate;
    pick({ assetFrom: 'card-EUR', city: 'europe.spain.madrid' }, [...TEMPLATES, paused], onAuto);
    expect(await offered()).toEqual(['Let the system pick', 'EUR card', 'Blocked EUR cardPaused']);
    const auto = screen.getByRole('button', { name: /Let the system pick/ });
    expect(auto.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(auto);
    expect(onAuto).toHaveBeenCalled();
    expect((screen.getByRole('button', { name: /Blocked EUR card/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("offers a cash payment only the offices of the application's city", async () => {
    pick({ assetFrom: 'cash-EUR', city: 'europe.spain.madrid' });
    expect(await offered()).toEqual(['Madrid office']);
  });

  it('offers a USDT payment only the USDT addresses', async () => {
    const onPick = pick({ assetFrom: 'usdt-trc20', city: 'cis.russia.kazan' });
    expect(await offered()).toEqual(['Hot wallet']);
    fireEvent.click(screen.getByRole('button', { name: /Hot wallet/ }));
    expect(onPick).toHaveBeenCalledWith(TEMPLATES[4]);
  });

  it('offers an individual request the card and office templates, no USDT one', async () => {
    pick({ assetFrom: null, city: null });
    expect(await offered()).toEqual(['EUR card', 'USD card', 'Madrid office', 'Kazan office']);
  });

  it('says so when no template fits', async () => {
    pick({ assetFrom: 'card-GEL', city: 'asia.georgia.tbilisi' });
    expect(
      await screen.findByText('No saved template fits this application: write the instructions yourself.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a refused list with a retry', async () => {
    fakeApi().answer(
      adminListPaymentTemplates,
      refused(403, 'Staff permission required.', { code: 'StaffRoleRequired' }),
    );
    renderAdmin(<TemplatePicker facts={{ assetFrom: 'card-EUR', city: null }} onPick={vi.fn()} />);
    expect(await screen.findByText(/Failed to load the payment templates\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

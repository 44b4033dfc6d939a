import type { Role } from '@shared/enums';
import { render } from '@testing-library/react';
import { i18n, initI18n } from '@web/lib/i18n';
import adminEn from '@web/locales/en/admin.json';
import commonEn from '@web/locales/en/common.json';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { StaffContext } from './components/staff-context';

/** The app's i18n with the English admin and common texts, started once per test file. */
export async function startI18n() {
  if (!i18n.isInitialized) {
    await initI18n({ language: 'en', resources: { en: { common: commonEn, admin: adminEn } } });
  }
  return i18n;
}

export function renderAdmin(
  ui: ReactElement,
  { role = 'ADMIN', id = 'staff-1', url = '/admin' }: { role?: Role; id?: string; url?: string } = {},
) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <StaffContext.Provider value={{ id, role }}>{ui}</StaffContext.Provider>
    </MemoryRouter>,
  );
}

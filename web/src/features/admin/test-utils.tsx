import type { Role } from '@shared/enums';
import { render } from '@testing-library/react';
import { setupTestI18n } from '@web/testing/i18n';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { StaffContext } from './components/staff-context';

/** The app's i18n in English, whatever language an earlier test file left it in. */
export function startI18n() {
  return setupTestI18n('en');
}

export function renderAdmin(
  ui: ReactElement,
  { role = 'ADMIN', id = 'staff-1', url = '/admin' }: { role?: Role; id?: string; url?: string } = {},
) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <StaffContext.Provider value={{ id, role, isActive: true }}>{ui}</StaffContext.Provider>
    </MemoryRouter>,
  );
}

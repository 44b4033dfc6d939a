import type { StaffRole } from '@shared/enums';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { AdminNav } from './admin-nav';

function linksFor(role: StaffRole): string[] {
  renderAdmin(<AdminNav />, { role });
  return screen.getAllByRole('link').map((link) => link.textContent ?? '');
}

describe('AdminNav', () => {
  beforeAll(async () => {
    await startI18n();
  });
  afterEach(cleanup);

  it('shows a manager only the sections whose calls a manager may make', () => {
    expect(linksFor('MANAGER')).toEqual([
      'Dashboard',
      'User management',
      'Application management',
      'Transaction history',
      // The books, which the staff on shift read and count.
      'Accounts and the day',
      // The review list of chain transfers, which a MANAGER on shift resolves.
      'Payment details',
      // The verification queue, which a MANAGER on shift reviews.
      'Verification',
      // The blacklists, read by the staff on shift (an ADMIN changes them).
      'Blacklists',
    ]);
  });

  it('shows an admin every section', () => {
    expect(linksFor('ADMIN')).toEqual([
      'Dashboard',
      'User management',
      'Application management',
      'Transaction history',
      'Accounts and the day',
      'Analytics and reports',
      'Partners',
      'Exchange rates',
      'Reserves',
      'Payment details',
      'Verification',
      'Geo management',
      'System settings',
      'Pages',
      'Security settings',
      'Blacklists',
      'Audit trail',
    ]);
  });
});

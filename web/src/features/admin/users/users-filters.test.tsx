import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { type UserFilterValues, UsersFilters } from './users-filters';

const EMPTY: UserFilterValues = { search: '', role: '', isActive: '', emailVerified: '' };

describe('UsersFilters', () => {
  beforeAll(startI18n);
  afterEach(cleanup);

  it('applies a role as soon as it is chosen', () => {
    const onChange = vi.fn();
    renderAdmin(<UsersFilters values={EMPTY} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'MANAGER' } });
    expect(onChange).toHaveBeenCalledWith({ role: 'MANAGER' });
  });

  it('applies the status and email-confirmed filters as true or false', () => {
    const onChange = vi.fn();
    renderAdmin(<UsersFilters values={EMPTY} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'false' } });
    fireEvent.change(screen.getByLabelText('Email confirmed'), { target: { value: 'true' } });
    expect(onChange.mock.calls).toEqual([[{ isActive: 'false' }], [{ emailVerified: 'true' }]]);
  });

  it('searches for the trimmed text only when the search is submitted', () => {
    const onChange = vi.fn();
    renderAdmin(<UsersFilters values={EMPTY} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '  anna@example.test ' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onChange).toHaveBeenCalledWith({ search: 'anna@example.test' });
  });

  it('clears every filter at once', () => {
    const onChange = vi.fn();
    renderAdmin(<UsersFilters values={{ ...EMPTY, role: 'ADMIN', isActive: 'true' }} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(onChange).toHaveBeenCalledWith(EMPTY);
  });
});

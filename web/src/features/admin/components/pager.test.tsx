import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { Pager } from './pager';

describe('Pager', () => {
  beforeAll(startI18n);
  afterEach(cleanup);

  it('shows a window of five page links around the current page', () => {
    renderAdmin(<Pager page={7} totalPages={12} total={115} pageSize={10} onPage={() => {}} />);
    const links = screen.getAllByRole('button', { name: /^Page \d+$/ }).map((button) => button.textContent);
    expect(links).toEqual(['5', '6', '7', '8', '9']);
  });

  it('marks the current page', () => {
    renderAdmin(<Pager page={7} totalPages={12} total={115} pageSize={10} onPage={() => {}} />);
    expect(screen.getByRole('button', { name: 'Page 7' }).getAttribute('aria-current')).toBe('page');
  });

  it('asks for the page that was clicked', () => {
    const onPage = vi.fn();
    renderAdmin(<Pager page={7} totalPages={12} total={115} pageSize={10} onPage={onPage} />);
    fireEvent.click(screen.getByRole('button', { name: 'Page 9' }));
    expect(onPage).toHaveBeenCalledWith(9);
  });

  it('disables the previous button on the first page', () => {
    renderAdmin(<Pager page={1} totalPages={3} total={25} pageSize={10} onPage={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
  });

  it('says which rows of how many are shown', () => {
    renderAdmin(<Pager page={3} totalPages={3} total={25} pageSize={10} onPage={() => {}} />);
    expect(screen.getByText('21–25 of 25')).toBeTruthy();
  });
});

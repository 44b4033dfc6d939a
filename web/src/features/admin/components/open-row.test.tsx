import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OpenRow } from './open-row';

function Table({ onOpen }: { onOpen: () => void }) {
  return (
    <table>
      <tbody>
        <OpenRow onOpen={onOpen}>
          <td>cell</td>
          <td>
            <button type="button">edit</button>
          </td>
        </OpenRow>
      </tbody>
    </table>
  );
}

describe('OpenRow', () => {
  afterEach(cleanup);

  it('opens on a double-click of a cell', () => {
    const onOpen = vi.fn();
    render(<Table onOpen={onOpen} />);
    fireEvent.doubleClick(screen.getByText('cell'));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('opens on Enter when the row itself has focus', () => {
    const onOpen = vi.fn();
    render(<Table onOpen={onOpen} />);
    const row = screen.getByRole('row');
    row.focus();
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('leaves Enter and double-clicks on a control inside the row to the control', () => {
    const onOpen = vi.fn();
    render(<Table onOpen={onOpen} />);
    const button = screen.getByRole('button', { name: 'edit' });
    fireEvent.keyDown(button, { key: 'Enter' });
    fireEvent.doubleClick(button);
    expect(onOpen).not.toHaveBeenCalled();
  });
});

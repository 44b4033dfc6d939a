import type { KeyboardEvent, ReactNode } from 'react';
import { isInteractive, useLongPress } from '../hooks/use-long-press';

interface OpenRowProps {
  onOpen: () => void;
  children: ReactNode;
  className?: string;
}

/**
 * A table row that opens its detail on double-click, on a 500 ms press (docs/product.md §2) and, for the
 * keyboard, on Enter while the row itself has focus. Controls inside the row keep their own clicks.
 */
export function OpenRow({ onOpen, children, className }: OpenRowProps) {
  const press = useLongPress(onOpen);
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      onOpen();
    }
  };
  return (
    <tr
      tabIndex={0}
      className={`open-row ${className ?? ''}`.trim()}
      onDoubleClick={(event) => {
        if (!isInteractive(event.target, event.currentTarget)) onOpen();
      }}
      onKeyDown={onKeyDown}
      {...press}
    >
      {children}
    </tr>
  );
}

import type { ReactNode } from 'react';

interface SvgIconProps {
  size?: number;
  strokeWidth?: number;
  children: ReactNode;
}

/**
 * The frame of every line icon: a 24-unit grid stroked in the text colour. Decorative: the control
 * around an icon carries its accessible name. Its own module, so the header can use it without
 * bringing the icon set into the landing page's first chunk.
 */
export function SvgIcon({ size = 20, strokeWidth = 2, children }: SvgIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

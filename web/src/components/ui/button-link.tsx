import { Link, type LinkProps } from 'react-router-dom';

/** Link styled as a button, and the class names every button shares (kept apart from Button: the landing page's first chunk needs only these). */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'on-ink';
export type ButtonSize = 'md' | 'sm';

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', block = false) {
  return ['btn', `btn--${variant}`, size === 'sm' ? 'btn--sm' : '', block ? 'btn--block' : '']
    .filter(Boolean)
    .join(' ');
}

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

export function ButtonLink({ variant, size, block, className, ...rest }: ButtonLinkProps) {
  return <Link className={`${buttonClass(variant, size, block)} ${className ?? ''}`.trim()} {...rest} />;
}

import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

import { cx } from '@/utils/cx';

import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'accent';
export type ButtonSize = 'sm' | 'md' | 'lg';

const classes = (variant: ButtonVariant, size: ButtonSize, block?: boolean, extra?: string) =>
  cx('btn', `btn--${variant}`, `btn--${size}`, block && 'btn--block', extra);

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  loading?: boolean;
  icon?: ReactNode;
}

export function Button({ variant = 'primary', size = 'md', block, loading, icon, className, children, disabled, type, onClick, ...rest }: ButtonProps) {
  // Never clickable while its action is on its way, whatever else decides that it may be. A button
  // busy with its action stays focusable (aria-disabled, clicks swallowed): a disabled one would drop
  // the keyboard's focus to the page's start at every press.
  const busy = Boolean(loading) && !disabled;
  return (
    <button
      type={type ?? 'button'}
      className={classes(variant, size, block, className)}
      disabled={Boolean(disabled)}
      aria-disabled={busy || undefined}
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...rest}
    >
      {loading ? <Spinner size="sm" /> : icon}
      {children}
    </button>
  );
}

interface ButtonLinkProps extends LinkProps {
  ref?: Ref<HTMLAnchorElement>;
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  icon?: ReactNode;
}

export function ButtonLink({ variant = 'primary', size = 'md', block, icon, className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link className={classes(variant, size, block, className)} {...rest}>
      {icon}
      {children}
    </Link>
  );
}

import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { Spinner } from './spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'xl';

type StyleOptions = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  iconOnly?: boolean;
  className?: string;
};

/** Button classes, also for links that should look like buttons. */
export function buttonClasses({ variant = 'primary', size = 'md', fullWidth, iconOnly, className }: StyleOptions = {}): string {
  return cx('btn', `btn--${variant}`, `btn--${size}`, fullWidth && 'btn--full', iconOnly && 'btn--icon', className);
}

export type ButtonProps = ComponentPropsWithRef<'button'> &
  StyleOptions & {
    /** Disables the button and shows a spinner; `loadingText` replaces the label. */
    isLoading?: boolean;
    loadingText?: string;
    icon?: ReactNode;
  };

export function Button({ variant, size, fullWidth, iconOnly, className, isLoading = false, loadingText, icon, disabled, type = 'button', children, ...props }: ButtonProps) {
  return (
    <button type={type} className={buttonClasses({ variant, size, fullWidth, iconOnly, className })} disabled={disabled || isLoading} aria-busy={isLoading || undefined} {...props}>
      {isLoading ? <Spinner size="sm" /> : icon}
      {isLoading && loadingText ? loadingText : children}
    </button>
  );
}

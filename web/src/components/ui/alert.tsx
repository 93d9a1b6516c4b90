import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { AlertCircleIcon, CheckCircleIcon, InfoIcon } from './icons';
import './alert.css';

type AlertProps = {
  variant?: 'success' | 'error' | 'info' | 'warning';
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
};

/** A message banner. Errors interrupt screen readers; everything else is polite. */
export function Alert({ variant = 'info', title, children, className }: AlertProps) {
  const Icon = variant === 'success' ? CheckCircleIcon : variant === 'info' ? InfoIcon : AlertCircleIcon;
  return (
    <div className={cx('alert', `alert--${variant}`, className)} role={variant === 'error' ? 'alert' : 'status'}>
      <Icon className="alert__icon" />
      <div className="alert__body">
        {title && <p className="alert__title">{title}</p>}
        {children && <div className="alert__text">{children}</div>}
      </div>
    </div>
  );
}

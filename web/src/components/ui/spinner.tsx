import { cx } from '../../lib/cx';
import './spinner.css';

type SpinnerProps = { size?: 'sm' | 'md' | 'lg'; label?: string; className?: string };

/** A spinning ring. Silent unless given a label. */
export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  return <span className={cx('spinner', `spinner--${size}`, className)} role={label ? 'status' : undefined} aria-label={label} aria-hidden={label ? undefined : true} />;
}

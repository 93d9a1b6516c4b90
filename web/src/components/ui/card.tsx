import type { ComponentPropsWithoutRef } from 'react';
import { cx } from '../../lib/cx';
import './card.css';

export type CardVariant = 'default' | 'elevated' | 'outlined' | 'filled';

type CardProps = ComponentPropsWithoutRef<'div'> & { variant?: CardVariant };

export function Card({ variant = 'default', className, ...props }: CardProps) {
  return <div className={cx('card', `card--${variant}`, className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentPropsWithoutRef<'div'>) {
  return <div className={cx('card__header', className)} {...props} />;
}

type HeadingProps = ComponentPropsWithoutRef<'h2'> & { as?: 'h1' | 'h2' | 'h3' };

export function CardTitle({ as: Heading = 'h2', className, ...props }: HeadingProps) {
  return <Heading className={cx('card__title', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentPropsWithoutRef<'p'>) {
  return <p className={cx('card__description', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentPropsWithoutRef<'div'>) {
  return <div className={cx('card__content', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentPropsWithoutRef<'div'>) {
  return <div className={cx('card__footer', className)} {...props} />;
}

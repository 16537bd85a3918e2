import { Link, type LinkProps } from '@remix-run/react';
import type { ButtonHTMLAttributes } from 'react';

/**
 * The one button vocabulary: `primary` (the screen's main action), `secondary` (cancel, back),
 * `quiet` (low-emphasis) and `danger` (destructive). Both the <button> and the link styled as
 * a button take the same variants, so a screen never mixes class-name dialects.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';

export function buttonClass(variant: ButtonVariant = 'primary', extra?: string): string {
  return ['button', `button-${variant}`, extra].filter(Boolean).join(' ');
}

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  // type defaults to "button" so a button inside a form never submits it by accident;
  // submit buttons say type="submit".
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

export function ButtonLink({ variant = 'primary', className, ...props }: LinkProps & { variant?: ButtonVariant }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}

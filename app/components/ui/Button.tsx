import type { LinkProps } from '@remix-run/react';
import type { ButtonHTMLAttributes } from 'react';
import { SiteLink } from './SiteLink';
import { plain } from '~/lib/plain-components';

/**
 * The one button vocabulary: `primary` (the screen's main action), `secondary` (cancel, back),
 * `quiet` (low-emphasis), `danger` (destructive) and `link` (an action written inline like a
 * link: Log Out in the account menu, Resend beside a code field). The <button> and the link
 * styled as a button take the same variants, so a screen never mixes class-name dialects.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger' | 'link';

export function buttonClass(variant: ButtonVariant = 'primary', extra?: string): string {
  const base = variant === 'link' ? 'link-button' : `button button-${variant}`;
  return extra ? `${base} ${extra}` : base;
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /**
   * What the button started is under way (a post, a download, a page loading): the button is
   * closed and `aria-busy`, so it cannot be pressed twice and a screen reader hears it is busy.
   */
  pending?: boolean;
};

/**
 * Every button of the app. Plain markup and no hooks: it renders on every page of the shell,
 * and the server writes exactly what the browser hydrates. The parts of a widget that are
 * buttons by role but not actions of a screen (a tab, a dialog's ×, a carousel arrow, a chart's
 * toggle) are written by their widget, with its own look.
 */
export function Button({ variant = 'primary', pending = false, className, type = 'button', disabled, ...props }: ButtonProps) {
  // type defaults to "button" so a button inside a form never submits it by accident;
  // submit buttons say type="submit".
  return (
    <button type={type} className={buttonClass(variant, className)} disabled={disabled || pending || undefined} aria-busy={pending || undefined} {...props} />
  );
}

/**
 * A link of this app that looks like a button: it goes to another page rather than doing
 * something, so it stays an <a>. A file the server sends, an outside page and a label for a file
 * input keep their own element with `buttonClass` (each says why where it is written).
 */
export const ButtonLink = plain(function buttonLink({ variant = 'primary', className, ...props }: LinkProps & { variant?: ButtonVariant }) {
  return <SiteLink className={buttonClass(variant, className)} {...props} />;
});

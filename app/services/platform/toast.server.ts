import { redirect } from '@remix-run/node';
import { parse, serialize } from 'cookie';
import { z } from 'zod';
import type { Toast } from '~/lib/toast';
import { safeRedirectTarget } from '../accounts/login-redirect.server';

/**
 * Server flash messages: an action or loader sets a toast and redirects; the next page
 * shows it once (spec 3 §7 "If display is set, it shows a success toast").
 */
const TOAST_COOKIE = 'paceline_toast';

const ToastSchema = z.object({
  kind: z.enum(['success', 'error', 'warning', 'info']),
  message: z.string().min(1).max(500),
});

export function toastCookie(toast: Toast): string {
  return serialize(TOAST_COOKIE, JSON.stringify(ToastSchema.parse(toast)), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: 60,
  });
}

export function clearToastCookie(): string {
  return serialize(TOAST_COOKIE, '', { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 0 });
}

/** The pending toast, if any; the caller must send clearToastCookie() with its response. */
export function readToast(request: Request): Toast | null {
  const raw = parse(request.headers.get('Cookie') ?? '')[TOAST_COOKIE];
  if (!raw) return null;
  try {
    const parsed = ToastSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', toastCookie(toast));
  return redirect(url, { ...init, headers });
}

/**
 * Back to the page that linked a download (same origin only, else `fallback`), where the toast
 * explains why it failed: spec 1 §8, a failed download is an alert on the page, not an error page.
 */
export function redirectBackWithToast(request: Request, fallback: string, toast: Toast) {
  return redirectWithToast(safeRedirectTarget(request.headers.get('Referer')) ?? fallback, toast);
}

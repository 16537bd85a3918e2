import { data, redirect } from '@remix-run/node';
import { SIGN_IN_MESSAGES } from '~/lib/account-messages';
import { EMBEDDED_DISPLAY_PARAM, EMBEDDED_DISPLAY_VALUE } from '~/lib/constants';
import { OUTCOME_FIELD, OUTCOME_FIELD_VALUE, type LeavingOutcome, type RefusedOutcome, type SignInDestination, type SignInOutcome } from '~/lib/sign-in';
import type { Toast } from '~/lib/toast';
import { clearFlow, readFlow, writeFlow, type FlowCookie } from '../platform/flow-state.server';
import { toastCookie } from '../platform/toast.server';
import { AFTER_LOGIN_DEFAULT, afterLoginPath } from './login-redirect.server';
import { createSession } from './session.server';
import { textOf } from '~/lib/form-text';

/**
 * Every sign-in path ends here (decision 136): the login, register, reset-password and
 * verification actions hand over what the service decided, and this module writes the cookies
 * and answers: as data for a page whose script runs (its machine takes the outcome), as the
 * redirect or page for one without (the same outcome). Where each outcome leads is written once.
 */
export type SignInDecision =
  | { outcome: 'signedIn'; userId: string; remember: boolean }
  | { outcome: 'passwordResetRequired'; linkToken: string }
  | { outcome: 'parentalConsentPending'; childUserId: string; userAge: number | null }
  | { outcome: 'emailNotVerified'; key: string; email: string }
  | { outcome: 'verificationSent'; key: string; email: string };

/** The partner consent page: a stored return path there is the partner's authorization waiting. */
const PARTNER_AUTHORIZATION_PATH = '/oauth/authorize';

/** Whether the form was posted by a page whose machine takes the outcome (lib/sign-in.ts). */
function wantsOutcome(form: FormData): boolean {
  return form.get(OUTCOME_FIELD) === OUTCOME_FIELD_VALUE;
}

function destinationOf(path: string): SignInDestination {
  if (path === AFTER_LOGIN_DEFAULT) return 'profile';
  return new URL(path, 'http://paceline.invalid').pathname === PARTNER_AUTHORIZATION_PATH ? 'partnerAuthorization' : 'storedPath';
}

/** The app's web view (`d=m`, spec 3 §2) stays in its display mode on the page sign-in leads to. */
function keepDisplayMode(path: string, request: Request, form: FormData): string {
  const display = form.get(EMBEDDED_DISPLAY_PARAM) ?? new URL(request.url).searchParams.get(EMBEDDED_DISPLAY_PARAM);
  if (display !== EMBEDDED_DISPLAY_VALUE) return path;
  const url = new URL(path, 'http://paceline.invalid');
  url.searchParams.set(EMBEDDED_DISPLAY_PARAM, EMBEDDED_DISPLAY_VALUE);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The parental-consent page of a child, and the cookie that lets only this browser name the
 * parent; `childEmail` is the address the child typed, so the parent's cannot be the same.
 */
async function parentalConsentStep(child: { childUserId: string; userAge: number | null; childEmail?: string }) {
  // A returning child's age is not known (their date of birth is never kept): the page then says no age.
  const query = new URLSearchParams({ childUserId: child.childUserId, ...(child.userAge === null ? {} : { userAge: String(child.userAge) }) });
  return { to: `/parental-consent?${query}`, cookie: await writeFlow('consent', child) };
}

async function resolve(request: Request, form: FormData, decision: SignInDecision): Promise<{ outcome: LeavingOutcome; cookies: string[] }> {
  switch (decision.outcome) {
    case 'signedIn': {
      const session = await createSession(decision.userId, { persistent: decision.remember });
      const url = new URL(request.url);
      const path = afterLoginPath(await readFlow(request, 'redirect'), textOf(form.get('redirectTo')), url.searchParams.get('referer'));
      return {
        outcome: { kind: 'signedIn', destination: destinationOf(path), to: keepDisplayMode(path, request, form) },
        cookies: [...session.headers, await clearFlow('redirect')],
      };
    }
    case 'passwordResetRequired':
      return { outcome: { kind: 'passwordResetRequired', to: `/auth/forgot-password2?${new URLSearchParams({ code: decision.linkToken })}` }, cookies: [] };
    case 'parentalConsentPending': {
      const typed = form.get('email');
      const step = await parentalConsentStep({ ...decision, childEmail: typeof typed === 'string' && typed ? typed : undefined });
      return { outcome: { kind: 'parentalConsentPending', to: step.to }, cookies: [step.cookie] };
    }
    case 'emailNotVerified':
      return {
        outcome: { kind: 'emailNotVerified', to: '/auth/verification', message: SIGN_IN_MESSAGES.verifyEmail },
        cookies: [await writeFlow('verify', { key: decision.key, email: decision.email })],
      };
    case 'verificationSent':
      return {
        outcome: { kind: 'verificationSent', to: '/auth/login', message: SIGN_IN_MESSAGES.registered },
        cookies: [await writeFlow('verify', { key: decision.key, email: decision.email })],
      };
  }
}

/** The toast an outcome that leaves carries to the next page. */
function toastOf(outcome: LeavingOutcome): Toast | null {
  if (outcome.kind === 'emailNotVerified') return { kind: 'info', message: outcome.message };
  if (outcome.kind === 'verificationSent') return { kind: 'success', message: outcome.message };
  return null;
}

/** Answers a sign-in that leaves the page: cookies written, then the outcome as data or as the redirect. */
async function answerSignIn(request: Request, form: FormData, decision: SignInDecision): Promise<Response | ReturnType<typeof data>> {
  const { outcome, cookies } = await resolve(request, form, decision);
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  // A page with its script shows the toast itself and leaves; without it, the next page shows the flash.
  if (wantsOutcome(form)) return data({ outcome }, { headers });
  const toast = toastOf(outcome);
  if (toast) headers.append('Set-Cookie', toastCookie(toast));
  return redirect(outcome.to, { headers });
}

/** Answers a refused sign-in: the page stays, Conform shows `result`, the machine takes the outcome. */
function refuseSignIn<Result>(outcome: RefusedOutcome, result: Result, status = 400) {
  return data({ result, outcome }, { status });
}

/**
 * The answers of one sign-in form, limited to the outcomes its list declares (LOGIN_OUTCOMES,
 * REGISTER_OUTCOMES in lib/sign-in.ts): answering any other is a type error, so the list its
 * machine is checked against (app/machines/server-answers.test.ts) is the action's whole set.
 */
export function signInAnswers<const Kinds extends readonly SignInOutcome['kind'][]>(_declared: Kinds) {
  return {
    /** A sign-in that leaves the page. */
    leave: (request: Request, form: FormData, decision: Extract<SignInDecision, { outcome: Kinds[number] }>) => answerSignIn(request, form, decision),
    /** A refused sign-in: the page stays. */
    refuse: <Result>(outcome: Extract<RefusedOutcome, { kind: Kinds[number] }>, result: Result, status = 400) => refuseSignIn(outcome, result, status),
  };
}

/**
 * The end of a recovery or verification (reset password, the e-mailed code): back to login
 * with a toast, the flow's stored state cleared (spec 1 §4 "Reset password success: go to
 * login", "OTP success: clear the stored key and email, go to login").
 */
export async function backToLogin(message: string, cleared: FlowCookie) {
  const headers = new Headers();
  headers.append('Set-Cookie', await clearFlow(cleared));
  headers.append('Set-Cookie', toastCookie({ kind: 'success', message }));
  return redirect('/auth/login', { headers });
}

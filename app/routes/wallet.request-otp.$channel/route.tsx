import type { ActionFunctionArgs } from '@remix-run/node';
import { WALLET_MESSAGES } from '~/lib/wallet/messages';
import { emailCodeRequestSchema, phoneCodeRequestSchema } from '~/lib/wallet/verification-schema';
import { clientAddress, consumeRateLimit } from '~/services/platform/rate-limit.server';
import { requestWalletEmailCode, requestWalletPhoneCode } from '~/services/wallet/wallet-verification.server';
import { requireWalletAction } from '~/services/wallet/wallet-guard.server';

/**
 * POST /wallet/request-otp/phone (phone_number, phone_country) and /wallet/request-otp/email
 * (email): spec 1 §7 request-phone-otp / request-email-otp, answering { status, message, key }.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireWalletAction(request);
  const channel = params.channel;
  if (channel !== 'phone' && channel !== 'email') return Response.json({ status: false, message: WALLET_MESSAGES.codeFailed }, { status: 404 });
  const form = Object.fromEntries(await request.formData());
  if (!(await consumeRateLimit('code-send', { account: user.email, address: clientAddress(request) }))) {
    return Response.json({ status: false, message: WALLET_MESSAGES.codeFailed }, { status: 429 });
  }
  let outcome;
  if (channel === 'phone') {
    const parsed = phoneCodeRequestSchema.safeParse(form);
    if (!parsed.success) return Response.json({ status: false, message: WALLET_MESSAGES.phoneInvalid }, { status: 400 });
    outcome = await requestWalletPhoneCode(user, parsed.data.phone_number, parsed.data.phone_country);
  } else {
    const parsed = emailCodeRequestSchema.safeParse(form);
    if (!parsed.success) return Response.json({ status: false, message: parsed.error.issues[0]?.message ?? WALLET_MESSAGES.emailInvalid }, { status: 400 });
    outcome = await requestWalletEmailCode(user, parsed.data.email);
  }
  return Response.json(outcome.ok ? { status: true, message: outcome.message, key: outcome.key } : { status: false, message: outcome.message }, {
    status: outcome.ok ? 200 : 400,
  });
}

import type { ActionFunctionArgs } from '@remix-run/node';
import { parseWithZod } from '@conform-to/zod';
import { z } from 'zod';
import { phoneChannelSchema, phoneCodeSchema, phoneNumberSchema } from '~/lib/events/phone';
import { requireUser } from '~/services/accounts/auth.server';
import { sendPhoneCode, verifyPhoneCode } from '~/services/events/phone-verification.server';

export const PhoneRequestSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('send'), phone: phoneNumberSchema, type: phoneChannelSchema }),
  z.object({ intent: z.literal('verify'), key: z.string().min(1), code: phoneCodeSchema }),
]);

// POST /event/:id/phone — send a code (spec 3 §7 sendOtp → data.key) or verify one (verifyOtp).
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: PhoneRequestSchema });
  if (submission.status !== 'success') {
    const message = Object.values(submission.error ?? {}).flatMap((errors) => errors ?? [])[0] ?? 'Invalid request';
    return Response.json({ ok: false, message }, { status: 400 });
  }
  const input = submission.value;
  const result =
    input.intent === 'send'
      ? await sendPhoneCode({ userId: user.id, phone: input.phone, channel: input.type })
      : await verifyPhoneCode({ userId: user.id, key: input.key, code: input.code });
  if (!result.ok) return Response.json(result, { status: 400 });
  return Response.json({ ok: true, data: result.value });
}

import { describe, expect, it } from 'vitest';
import { WALLET_MESSAGES as M } from '~/lib/wallet/messages';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { action } from './route';

setUpTestDatabase();

type Reply = { data: { reply: { error?: Record<string, string[]> } }; init: { status?: number } | null };

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF = new TextEncoder().encode('%PDF-1.7\n');

describe('account verification: the server’s answer (spec 1 §5, decision 182)', () => {
  it('names the files judged by their bytes together with the form’s other messages', async () => {
    const user = await createTestUser();
    const body = new FormData();
    body.append('binance_email', 'not-an-email');
    body.append('phone_country', 'AE');
    body.append('phone_number', '12');
    body.append('passport_proof', new File([PDF], 'passport.png', { type: 'image/png' }));
    body.append('binance_screenshot', new File([PNG], 's1.png', { type: 'image/png' }));
    body.append('binance_screenshot', new File([PDF], 's2.png', { type: 'image/png' }));
    const { request } = await signedInRequest(user.id, 'http://localhost/wallet/account-verification', { method: 'POST', body });
    const reply = (await action({ request, params: {}, context: {} })) as unknown as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.reply.error).toEqual({
      binance_email: [M.emailInvalid],
      phone_number: [M.phoneInvalid],
      wallet_address: [M.walletAddressRequired],
      phone_otp: [M.phoneOtpRequired],
      email_otp: [M.emailOtpRequired],
      passport_proof: [M.fileType],
      'binance_screenshot[1]': [M.fileType],
      terms_accepted: [M.termsRequired],
    });
  });
});

import { apiRequest } from '~/lib/api-client';
import { encryptPayload } from '~/lib/shop/payload';
import type { CheckAnswer, PurchaseAnswer } from '~/machines/item-purchase.machine';
import type { CoinsAnswer } from '~/machines/coin-purchase.machine';
import type { CheckoutSession, PaymentInfoAnswer } from '~/machines/gem-top-up.machine';

/**
 * The shop's calls (spec 2 §7) through the app's API client, as the machines' actors use them.
 * A call that does not answer throws, which the machines show as the catalogue's exception.
 */
function post(path: string, fields: Record<string, string>) {
  return apiRequest<Record<string, unknown>>(path, { method: 'POST', body: new URLSearchParams(fields) });
}

export async function checkPurchase(itemId: number, price: number, key: string): Promise<CheckAnswer> {
  const result = await post('/api/garage/check-user-purchase-item', { payload: await encryptPayload({ item_id: itemId, item_price: price }, key) });
  if (!result.ok) throw new Error('check failed');
  const data = result.data.data as { error: string | null } | undefined;
  return { error: data?.error ?? null };
}

export async function purchaseItem(itemId: number, type: number, key: string): Promise<PurchaseAnswer> {
  const result = await post('/api/garage/purchase/item', { payload: await encryptPayload({ item_id: itemId, Type: type }, key) });
  if (result.ok) return { status: result.data.status === true, message: typeof result.data.message === 'string' ? result.data.message : null };
  if (result.kind === 'failed' && result.status < 500) return { status: false, message: result.message };
  throw new Error('purchase failed');
}

export async function purchaseCoins(packageId: string): Promise<CoinsAnswer> {
  const result = await post('/api/garage/purchase/gems', { package_id: packageId, request_id: crypto.randomUUID() });
  if (result.ok) return { status: result.data.status === true, reward: (result.data.data as { reward?: number } | undefined)?.reward };
  if (result.kind === 'failed' && result.status < 500) return { status: false };
  throw new Error('coins purchase failed');
}

export async function createSession(packageId: string): Promise<CheckoutSession> {
  const result = await post('/api/garage/redirect-to-checkout', { package_id: packageId });
  // No answer at all is the machine's error path; an answer without a URL its "no session" one (both alert).
  if (!result.ok && result.kind === 'no-response') throw new Error('The checkout call got no answer');
  const url = result.ok ? (result.data.data as { session_url?: unknown } | undefined)?.session_url : null;
  return { sessionUrl: typeof url === 'string' ? url : null };
}

export async function paymentInfo(orderId: string): Promise<PaymentInfoAnswer> {
  const result = await post('/api/garage/payment/info', { order_id: orderId });
  if (!result.ok) throw new Error('payment info failed');
  const state = result.data.state;
  return {
    state: state === 'paid' || state === 'failed' ? state : 'pending',
    reward: (result.data.data as { reward?: number } | undefined)?.reward,
  };
}

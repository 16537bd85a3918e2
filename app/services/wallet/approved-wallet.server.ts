import { db } from '~/db/client.server';
import { walletVerificationRequests } from '~/db/schema';
import { postTransfer, riderAccount, SYSTEM_ACCOUNTS } from '~/services/ledger/index.server';

/**
 * A rider whose wallet staff have approved, without the review: for the tests and the browser
 * tests' `/e2e/rider?wallet=approved` (test mode only). The details a withdrawal form repeats.
 */
export const VERIFIED_WALLET = {
  binanceEmail: 'binance@example.com',
  phoneNumber: '+971501234567',
  walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
};

/** Gives a rider an approved wallet verification and, when asked, a prize of `balanceSatoshi` BTC. */
export async function approveWallet(userId: string, balanceSatoshi = 0n): Promise<void> {
  await db()
    .insert(walletVerificationRequests)
    .values({
      userId,
      ...VERIFIED_WALLET,
      passportKey: 'wallet/00000000000000000000000000000000.jpg',
      screenshotKeys: [],
      status: 'approved',
    });
  if (balanceSatoshi > 0n) {
    await postTransfer({
      idempotencyKey: `prize:${userId}`,
      legs: [{ from: SYSTEM_ACCOUNTS.prizePool, to: riderAccount(userId), currency: 'BTC', amount: balanceSatoshi }],
      memo: 'Prize',
    });
  }
}

import { randomInt, randomUUID } from 'node:crypto';
import { db } from '~/db/client.server';
import { walletVerificationRequests } from '~/db/schema';
import { requestWalletEmailCode, requestWalletPhoneCode } from '~/services/wallet/wallet-verification.server';
import { requestWithdrawal } from '~/services/wallet/wallet.server';
import { post } from '../pages';
import { expectDone, give, lastCodeSentTo, page, pngFile, type World, type WriteRow } from '../world';

/** Rows of the writes → pages table: the wallet, its verification and withdrawals, and staff's decisions. */

const wallet = page('/wallet', 'writer');
const transactions = page('/wallet/transactions?page=1', 'writer');
const WALLET_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const BINANCE_EMAIL = 'binance@example.com';

async function verificationRequest({ people }: World, status: 'pending' | 'approved'): Promise<number> {
  const [request] = await db()
    .insert(walletVerificationRequests)
    .values({
      userId: people.writer.id,
      binanceEmail: BINANCE_EMAIL,
      phoneNumber: '+971501234567',
      walletAddress: WALLET_ADDRESS,
      passportKey: 'wallet/00000000000000000000000000000000.jpg',
      screenshotKeys: [],
      status,
    })
    .returning({ id: walletVerificationRequests.id });
  return request.id;
}

/** A verified rider with 0.05 BTC of prizes. */
async function verifiedWithBalance(world: World): Promise<void> {
  await verificationRequest(world, 'approved');
  await give(world.people.writer.id, 'BTC', 5_000_000n);
}

export const WALLET_ROWS: WriteRow[] = [
  {
    name: 'a code for the wallet verification sent to an e-mail address',
    route: 'wallet.request-otp.$channel',
    write: async ({ people }) =>
      expectDone(await post('/wallet/request-otp/email', 'writer', people, { email: BINANCE_EMAIL }), (answer: { status: boolean }) => answer.status),
    shows: [],
    watches: [wallet],
    shownNowhere: 'a one-time code and its message: only the form that asked for it uses the key',
  },
  {
    name: 'a wallet verification request with both codes and its files shows as pending on the wallet',
    route: 'wallet.account-verification',
    prepare: async ({ people }) => {
      const local = String(randomInt(1_000_000, 9_999_999));
      const phone = await requestWalletPhoneCode({ id: people.writer.id, email: people.writer.email }, `50${local}`, 'AE');
      const email = await requestWalletEmailCode({ id: people.writer.id, email: people.writer.email, firstname: 'Wanda' }, BINANCE_EMAIL);
      if (!phone.ok || !email.ok) throw new Error('The codes were not sent');
      return {
        phone_number: `50${local}`,
        phone_key: phone.key,
        phone_otp: await lastCodeSentTo(`+97150${local}`),
        email_key: email.key,
        email_otp: await lastCodeSentTo(BINANCE_EMAIL),
      };
    },
    write: ({ people }, codes) =>
      post('/wallet/account-verification', 'writer', people, {
        ...codes,
        binance_email: BINANCE_EMAIL,
        phone_country: 'AE',
        wallet_address: WALLET_ADDRESS,
        terms_accepted: 'on',
        passport_proof: pngFile('passport.png'),
        binance_screenshot: pngFile('screenshot.png'),
      }),
    shows: [wallet],
  },
  {
    name: 'a withdrawal request holds the amount on the ledger: the wallet and its transactions show it',
    route: 'wallet.withdrawal-request',
    prepare: async (world) => {
      await verifiedWithBalance(world);
      return {};
    },
    write: ({ people }) =>
      post('/wallet/withdrawal-request', 'writer', people, { amount: '0.01', email: BINANCE_EMAIL, walletAddress: WALLET_ADDRESS, requestKey: randomUUID() }),
    shows: [wallet, transactions],
  },
  {
    name: "staff approve a wallet verification: the rider's wallet offers withdrawals",
    route: 'staff.wallet',
    prepare: async (world) => ({ id: String(await verificationRequest(world, 'pending')) }),
    write: ({ people }, { id }) => post('/staff/wallet', 'staff', people, { intent: 'approve-verification', id }),
    shows: [wallet],
  },
  {
    name: "staff approve a withdrawal: the hold is posted on the rider's wallet and transactions",
    route: 'staff.wallet',
    prepare: async (world) => {
      await verifiedWithBalance(world);
      const { people } = world;
      const outcome = await requestWithdrawal({ id: people.writer.id, email: people.writer.email }, { amountSatoshi: 1_000_000n, requestKey: randomUUID() });
      if (!outcome.ok) throw new Error(outcome.message);
      return { id: String(outcome.requestNo) };
    },
    write: ({ people }, { id }) => post('/staff/wallet', 'staff', people, { intent: 'approve-withdrawal', id, payoutReference: 'BINANCE-NET-1' }),
    shows: [wallet, transactions],
  },
];

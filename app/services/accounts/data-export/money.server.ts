import { paymentOrders, shopOwnedItems, walletVerificationRequests, withdrawalRequests } from '~/db/schema';
import { entriesOfOwner, riderAccount } from '../../ledger/index.server';
import { LEDGER_CURRENCIES } from '~/lib/domain/ledger';
import { WALLET_REQUEST_STATUSES } from '~/lib/domain/wallet';
import { oneOf, WITHHELD, type ExportCategory } from './category.server';
import { walletDocumentsOf } from './documents.server';

/** The wallet (ledger, withdrawals, verification) and the shop. */
export const MONEY_CATEGORIES: ExportCategory[] = [
  {
    file: 'wallet/transactions.csv',
    about: 'every movement of your BTC, coins and gems',
    fields: {
      date: 'when',
      currency: oneOf(LEDGER_CURRENCIES),
      amount: 'the change to your balance (negative: it left your account); BTC in satoshi',
      status: 'pending (held), posted or voided',
      description: 'what it was',
      details: 'its references (a request number, an order, a payout address …)',
      transactionId: 'the transaction',
      settledAt: 'when a held amount was posted or voided',
    },
    async read({ userId }) {
      return (await entriesOfOwner(riderAccount(userId))).map((entry) => ({
        date: entry.createdAt,
        currency: entry.currency,
        amount: entry.amount,
        status: entry.status,
        description: entry.memo,
        details: entry.metadata,
        transactionId: entry.transactionId,
        settledAt: entry.settledAt,
      }));
    },
  },
  {
    file: 'wallet/withdrawals.csv',
    about: 'your withdrawal requests',
    source: {
      owner: withdrawalRequests.userId,
      withheld: {
        idempotencyKey: 'an internal key that stops a request being made twice',
        deletedAccountId: WITHHELD.afterDeletion,
        decidedBy: WITHHELD.staff,
      },
    },
    orderBy: withdrawalRequests.createdAt,
    fields: {
      id: 'the request number',
      currency: 'BTC',
      amount: 'amount, satoshi',
      fee: 'processing fee, satoshi',
      total: 'amount plus fee, satoshi',
      email: 'the Binance e-mail it was paid to',
      walletAddress: 'the wallet address it was paid to',
      ledgerTransactionId: 'its transaction (wallet/transactions.csv)',
      status: oneOf(WALLET_REQUEST_STATUSES),
      payoutReference: "the exchange's transfer id",
      rejectionReason: 'why it was rejected',
      decidedAt: 'when it was decided',
      createdAt: 'when you asked',
    },
  },
  {
    file: 'wallet/verification.json',
    about: 'your wallet verification requests',
    source: {
      owner: walletVerificationRequests.userId,
      withheld: { passportKey: WITHHELD.storageKey, screenshotKeys: WITHHELD.storageKey, decidedBy: WITHHELD.staff },
    },
    orderBy: walletVerificationRequests.createdAt,
    fields: {
      id: 'the request',
      binanceEmail: 'Binance e-mail',
      phoneNumber: 'phone number',
      walletAddress: 'wallet address',
      status: oneOf(WALLET_REQUEST_STATUSES),
      rejectionReason: 'why it was rejected',
      decidedAt: 'when it was decided',
      createdAt: 'when you sent it',
      documents: 'the passport and screenshots you sent, in documents/wallet/',
    },
    async read({ userId }) {
      const documents = await walletDocumentsOf(userId);
      return documents.map(({ request, files }) => ({ ...request, documents: files.map((file) => file.name) }));
    },
  },
  {
    file: 'shop/items.csv',
    about: 'items you bought in the shop',
    source: { owner: shopOwnedItems.userId },
    orderBy: shopOwnedItems.createdAt,
    fields: {
      itemType: 'the kind of item',
      itemId: 'the item',
      priceCoins: 'price, coins',
      ledgerTransactionId: 'its transaction (wallet/transactions.csv)',
      createdAt: 'when you bought it',
    },
  },
  {
    file: 'shop/card-payments.csv',
    about: 'gems you bought by card',
    source: { owner: paymentOrders.userId, withheld: { deletedAccountId: WITHHELD.afterDeletion, refundedBy: WITHHELD.staff } },
    orderBy: paymentOrders.createdAt,
    fields: {
      id: 'the order',
      packageId: 'the gem package',
      gems: 'gems',
      amountMinor: 'price in fils (1/100 AED)',
      currency: 'AED',
      provider: 'the card processor',
      paymentId: "the processor's id of the payment",
      status: 'pending, paid or failed',
      ledgerTransactionId: 'the gems credit (wallet/transactions.csv)',
      createdAt: 'when you started the payment',
      paidAt: 'when it was paid',
      refundedAt: 'when it was refunded',
      refundId: "the processor's id of the refund",
    },
  },
];

/**
 * The ledger: the only code that writes ledger_accounts, ledger_transactions and
 * ledger_entries. Invariants and tables: docs/wallet.md ("The ledger").
 */
export type { AccountCode, Currency, TransferInput } from './types';
export { InsufficientFundsError } from './types';
export { closedAccount, ownerAccount, riderAccount, SYSTEM_ACCOUNTS } from './accounts.server';
export { holdTransfer, postHold, postTransfer, postTransfers, reverseTransfer, voidHold } from './transfers.server';
export {
  balanceSubquery,
  checkLedgerInvariants,
  entriesOfOwner,
  entrySumsPerCurrency,
  getBalance,
  postedEntrySum,
  listAccountHistory,
} from './balances.server';
export { closeRiderAccounts, riderBalances } from './closing.server';

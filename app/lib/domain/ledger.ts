/** Domain values of the ledger area, shared by the schema, the services and the browser (no Drizzle here). */
/**
 * The ledger (docs/wallet.md). Only app/services/ledger/ writes these tables.
 * Amounts are integers in minor units: BTC in satoshi, COIN and GEM in whole units.
 */
export const LEDGER_CURRENCIES = ['BTC', 'COIN', 'GEM'] as const;
export const LEDGER_TRANSACTION_STATUSES = ['pending', 'posted', 'voided'] as const;

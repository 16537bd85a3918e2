import { and, eq, sql } from 'drizzle-orm';
import { db, type Transaction } from '~/db/client.server';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '~/db/schema';
import { accountKey, accountsById, AVAILABLE, ensureAccounts, isValidAccountCode, type AccountRef } from './accounts.server';
import { InsufficientFundsError, InvalidTransferError, type TransferInput, type TransferResult } from './types';

/** Runs `work` inside the caller's transaction when given, else in a transaction of its own. */
function within<T>(tx: Transaction | undefined, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return tx ? work(tx) : db().transaction(work);
}

function validate(input: TransferInput): void {
  if (!input.idempotencyKey.trim()) throw new InvalidTransferError('An idempotency key is required');
  if (input.legs.length === 0) throw new InvalidTransferError('A transfer needs at least one leg');
  for (const leg of input.legs) {
    if (leg.amount <= 0n) throw new InvalidTransferError('Leg amounts must be greater than zero');
    if (leg.from === leg.to) throw new InvalidTransferError('A leg must move money between two accounts');
    if (!isValidAccountCode(leg.from) || !isValidAccountCode(leg.to)) throw new InvalidTransferError(`Unknown account in ${leg.from} → ${leg.to}`);
  }
}

interface Net {
  account: AccountRef;
  /** Negative: the account is debited; positive: credited. */
  amount: bigint;
}

/** Sums the legs per account and currency, so every transaction and currency sums to zero. */
async function netsOfLegs(tx: Transaction, input: TransferInput): Promise<Net[]> {
  const accounts = await ensureAccounts(
    tx,
    input.legs.flatMap((leg) => [
      { code: leg.from, currency: leg.currency },
      { code: leg.to, currency: leg.currency },
    ]),
  );
  const sums = new Map<string, bigint>();
  for (const leg of input.legs) {
    const from = accounts.get(accountKey(leg.from, leg.currency))!;
    const to = accounts.get(accountKey(leg.to, leg.currency))!;
    sums.set(from.id, (sums.get(from.id) ?? 0n) - leg.amount);
    sums.set(to.id, (sums.get(to.id) ?? 0n) + leg.amount);
  }
  const byId = new Map([...accounts.values()].map((account) => [account.id, account]));
  return inLockOrder([...sums].map(([id, amount]) => ({ account: byId.get(id)!, amount })));
}

/** Every path locks account rows in one order (by id), so two transfers never deadlock. */
function inLockOrder(nets: Net[]): Net[] {
  return nets.filter((net) => net.amount !== 0n).sort((a, b) => (a.account.id < b.account.id ? -1 : 1));
}

const bigintParam = (value: bigint) => sql`${value.toString()}::bigint`;

/**
 * Debits under the row lock: the UPDATE only matches while the account can cover the amount,
 * so a concurrent debit waits for the lock and then sees the reduced balance (never
 * read-then-write in JavaScript).
 */
async function debit(tx: Transaction, net: Net, column: 'posted' | 'pendingDebits'): Promise<void> {
  const amount = -net.amount;
  const change =
    column === 'posted'
      ? { posted: sql`${ledgerAccounts.posted} - ${bigintParam(amount)}` }
      : { pendingDebits: sql`${ledgerAccounts.pendingDebits} + ${bigintParam(amount)}` };
  const [moved] = await tx
    .update(ledgerAccounts)
    .set({ ...change, lastActivityAt: sql`now()` })
    .where(and(eq(ledgerAccounts.id, net.account.id), sql`(${ledgerAccounts.allowNegative} OR ${AVAILABLE} >= ${bigintParam(amount)})`))
    // The code names whose balance moved (decision 145): only that owner's kept pages go stale.
    .returning({ id: ledgerAccounts.id, code: ledgerAccounts.code });
  if (!moved) throw new InsufficientFundsError(net.account.code, net.account.currency);
}

async function credit(tx: Transaction, net: Net, column: 'posted' | 'pendingCredits'): Promise<void> {
  const change =
    column === 'posted'
      ? { posted: sql`${ledgerAccounts.posted} + ${bigintParam(net.amount)}` }
      : { pendingCredits: sql`${ledgerAccounts.pendingCredits} + ${bigintParam(net.amount)}` };
  await tx
    .update(ledgerAccounts)
    .set({ ...change, lastActivityAt: sql`now()` })
    .where(eq(ledgerAccounts.id, net.account.id))
    .returning({ code: ledgerAccounts.code });
}

async function record(
  tx: Transaction,
  status: 'posted' | 'pending',
  input: Omit<TransferInput, 'legs'> & { reversesId?: string },
  nets: (tx: Transaction) => Promise<Net[]>,
): Promise<TransferResult> {
  const [created] = await tx
    .insert(ledgerTransactions)
    .values({
      idempotencyKey: input.idempotencyKey,
      status,
      memo: input.memo,
      metadata: input.metadata ?? {},
      reversesId: input.reversesId,
      settledAt: status === 'posted' ? sql`now()` : null,
    })
    // A concurrent insert of the same key waits here for the other to commit, then does nothing.
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (!created) {
    const [first] = await tx.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, input.idempotencyKey));
    return { transactionId: first.id, replayed: true };
  }
  const moves = await nets(tx);
  if (moves.length === 0) throw new InvalidTransferError('The legs cancel out: nothing would move');
  for (const net of moves) {
    if (net.amount < 0n) await debit(tx, net, status === 'posted' ? 'posted' : 'pendingDebits');
    else await credit(tx, net, status === 'posted' ? 'posted' : 'pendingCredits');
  }
  await tx
    .insert(ledgerEntries)
    .values(moves.map((net) => ({ transactionId: created.id, accountId: net.account.id, currency: net.account.currency, amount: net.amount })));
  return { transactionId: created.id, replayed: false };
}

/** Posts a balanced transaction at once. Idempotent: the same key returns the first result (replayed: true) and moves nothing again. */
export function postTransfer(input: TransferInput, tx?: Transaction): Promise<TransferResult> {
  validate(input);
  return within(tx, (t) => record(t, 'posted', input, (inner) => netsOfLegs(inner, input)));
}

/** Rows per multi-row INSERT: well under PostgreSQL's 65,535 parameters per statement. */
const BULK_ROWS = 2_000;

function chunks<T>(items: T[], size = BULK_ROWS): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}

/**
 * Posts many transfers at once (bulk loads: the bench's history, imports): multi-row INSERTs
 * inside one database transaction, each transfer a balanced transaction of its own, and each
 * account's balance moved once by the sum of its entries, debits under the same floor check as
 * `postTransfer`. Keys already used are skipped (replayed), as one by one. All or nothing.
 */
export function postTransfers(inputs: TransferInput[], tx?: Transaction): Promise<{ posted: number; replayed: number }> {
  for (const input of inputs) validate(input);
  return within(tx, async (t) => {
    const accounts = await ensureAccounts(
      t,
      inputs.flatMap((input) =>
        input.legs.flatMap((leg) => [
          { code: leg.from, currency: leg.currency },
          { code: leg.to, currency: leg.currency },
        ]),
      ),
    );
    const created = new Map<string, string>();
    for (const part of chunks(inputs)) {
      const rows = await t
        .insert(ledgerTransactions)
        .values(
          part.map((input) => ({
            idempotencyKey: input.idempotencyKey,
            status: 'posted' as const,
            memo: input.memo,
            metadata: input.metadata ?? {},
            settledAt: sql`now()`,
          })),
        )
        .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
        .returning({ id: ledgerTransactions.id, key: ledgerTransactions.idempotencyKey });
      for (const row of rows) created.set(row.key, row.id);
    }
    const entries: Array<typeof ledgerEntries.$inferInsert> = [];
    const totals = new Map<string, Net>();
    for (const input of inputs) {
      const transactionId = created.get(input.idempotencyKey);
      if (!transactionId) continue;
      const nets = new Map<string, Net>();
      for (const leg of input.legs) {
        for (const [code, amount] of [
          [leg.from, -leg.amount],
          [leg.to, leg.amount],
        ] as const) {
          const account = accounts.get(accountKey(code, leg.currency))!;
          const net = nets.get(account.id) ?? { account, amount: 0n };
          nets.set(account.id, { account, amount: net.amount + amount });
        }
      }
      const moves = inLockOrder([...nets.values()]);
      if (moves.length === 0) throw new InvalidTransferError(`The legs of ${input.idempotencyKey} cancel out: nothing would move`);
      for (const { account, amount } of moves) {
        entries.push({ transactionId, accountId: account.id, currency: account.currency, amount });
        const total = totals.get(account.id) ?? { account, amount: 0n };
        totals.set(account.id, { account, amount: total.amount + amount });
      }
    }
    for (const net of inLockOrder([...totals.values()])) {
      if (net.amount < 0n) await debit(t, net, 'posted');
      else await credit(t, net, 'posted');
    }
    for (const part of chunks(entries)) await t.insert(ledgerEntries).values(part);
    return { posted: created.size, replayed: inputs.length - created.size };
  });
}

/** Same, but pending: it counts against the debited accounts' available balance at once; later posted or voided exactly once. */
export function holdTransfer(input: TransferInput, tx?: Transaction): Promise<TransferResult> {
  validate(input);
  return within(tx, (t) => record(t, 'pending', input, (inner) => netsOfLegs(inner, input)));
}

/** The transaction's entries as nets, in lock order. */
async function netsOfTransaction(tx: Transaction, transactionId: string): Promise<Net[]> {
  const entries = await tx
    .select({ accountId: ledgerEntries.accountId, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, transactionId));
  const accounts = await accountsById(
    tx,
    entries.map((entry) => entry.accountId),
  );
  return inLockOrder(entries.map((entry) => ({ account: accounts.get(entry.accountId)!, amount: entry.amount })));
}

/**
 * Moves a pending transaction to `to`, exactly once: the status UPDATE matches only while the
 * transaction is pending, so of two racing calls one gets the row and the other gets nothing.
 */
async function settle(transactionId: string, to: 'posted' | 'voided', tx?: Transaction): Promise<boolean> {
  return within(tx, async (t) => {
    const [settled] = await t
      .update(ledgerTransactions)
      .set({ status: to, settledAt: sql`now()` })
      .where(and(eq(ledgerTransactions.id, transactionId), eq(ledgerTransactions.status, 'pending')))
      .returning({ id: ledgerTransactions.id });
    if (!settled) return false;
    for (const net of await netsOfTransaction(t, transactionId)) {
      const amount = bigintParam(net.amount < 0n ? -net.amount : net.amount);
      const released =
        net.amount < 0n
          ? { pendingDebits: sql`${ledgerAccounts.pendingDebits} - ${amount}` }
          : { pendingCredits: sql`${ledgerAccounts.pendingCredits} - ${amount}` };
      const posted = to === 'posted' ? { posted: sql`${ledgerAccounts.posted} + ${bigintParam(net.amount)}` } : {};
      await t
        .update(ledgerAccounts)
        .set({ ...released, ...posted, lastActivityAt: sql`now()` })
        .where(eq(ledgerAccounts.id, net.account.id))
        .returning({ code: ledgerAccounts.code });
    }
    return true;
  });
}

/** Pending → posted. True only for the call that moved it. */
export function postHold(transactionId: string, tx?: Transaction): Promise<boolean> {
  return settle(transactionId, 'posted', tx);
}

/** Pending → voided: the hold is released. True only for the call that moved it. */
export function voidHold(transactionId: string, tx?: Transaction): Promise<boolean> {
  return settle(transactionId, 'voided', tx);
}

/**
 * A correction: a new posted transaction with every entry of a posted one negated. Entries are
 * never edited. Throws InsufficientFundsError when a rider has already spent what it returns.
 */
export function reverseTransfer(
  transactionId: string,
  input: { idempotencyKey: string; memo: string; metadata?: Record<string, unknown> },
  tx?: Transaction,
): Promise<TransferResult> {
  return within(tx, async (t) => {
    const [original] = await t.select({ status: ledgerTransactions.status }).from(ledgerTransactions).where(eq(ledgerTransactions.id, transactionId));
    if (original?.status !== 'posted') throw new InvalidTransferError('Only a posted transaction can be reversed');
    return record(t, 'posted', { ...input, reversesId: transactionId }, async (inner) =>
      inLockOrder((await netsOfTransaction(inner, transactionId)).map((net) => ({ ...net, amount: -net.amount }))),
    );
  });
}

import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useEffect } from 'react';
import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { cacheable } from '~/lib/response-cache';
import { ButtonLink } from '~/components/ui/Button';
import { WALLET_REMAINING_WARNING_AT } from '~/lib/constants';
import { countryFlag, formatDateTime, transactionsQuery } from '~/lib/wallet/format';
import { WALLET_MESSAGES } from '~/lib/wallet/messages';
import { BADGE_TEXT, shownStatus, walletVerificationStatusMachine } from '~/machines/wallet-verification-status.machine';
import { profileOf } from '~/services/accounts/profile.server';
import { listWalletTransactions, loadWallet } from '~/services/wallet/wallet.server';
import { requireWalletPage } from '~/services/wallet/wallet-guard.server';
import { TransactionsTable } from './components/TransactionsTable';

export const meta: MetaFunction = () => [{ title: 'Wallet · Paceline' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireWalletPage(request, context);
  const query = transactionsQuery(new URL(request.url));
  try {
    const [wallet, transactions] = await Promise.all([loadWallet(user), listWalletTransactions(user, query)]);
    const name = `${user.firstname} ${user.lastname}`.trim();
    return {
      ok: true as const,
      user: { name: name || 'User', jersey: profileOf(user).avatarUrl, countryFlag: countryFlag(user.country) },
      wallet,
      transactions,
      search: query.search,
    };
  } catch (error) {
    console.error(error);
    return data({ ok: false as const, message: WALLET_MESSAGES.loadFailed }, { status: 500 });
  }
}

const ACTION = {
  unverified: { label: 'Verify Account', to: '/wallet/account-verification' },
  rejected: { label: 'Reverify Account', to: '/wallet/account-verification' },
  approved: { label: 'Withdraw', to: '/wallet/withdrawal-request' },
} as const;

export default function WalletPage() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.ok) {
    return (
      <section className="wallet-page">
        <h1>Wallet</h1>
        <p className="field-error" role="alert">
          {loaded.message}
        </p>
      </section>
    );
  }
  return <Wallet {...loaded} />;
}

function Wallet({ user, wallet, transactions, search }: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { ok: true }>) {
  const [state, send] = useFlowMachine(walletVerificationStatusMachine, { input: { status: wallet.verificationStatus } });
  // Each time the page's data comes (first load, revalidation) the machine hears the status it reports, changed or not.
  useEffect(() => send({ type: 'STATUS', status: wallet.verificationStatus }), [send, wallet]);
  const status = shownStatus(state);
  const action = status === 'pending' ? null : ACTION[status];
  const { walletData } = wallet;
  return (
    <section className="wallet-page">
      <header className="card wallet-header">
        <img src={user.jersey} alt="" width={64} height={64} className="wallet-avatar" />
        <div>
          <h1>
            <span aria-label="Country">{user.countryFlag}</span> {user.name}
          </h1>
          <span className={`wallet-badge wallet-badge-${status}`} data-testid="wallet-badge">
            {BADGE_TEXT[status]}
          </span>
          {status === 'rejected' && wallet.rejectionReason ? <p className="muted">Reason: {wallet.rejectionReason}</p> : null}
        </div>
        <div className="wallet-balance">
          <p>
            <strong data-testid="wallet-balance">{walletData.balance}</strong> {walletData.currency}
          </p>
          <p className="muted">≈ USD {walletData.balanceUSD}</p>
          <p className="muted">Last updated {formatDateTime(walletData.lastUpdated)}</p>
          {action ? <ButtonLink to={action.to}>{action.label}</ButtonLink> : null}
        </div>
      </header>
      <div className="wallet-cards">
        <div className="card">
          <h2>Total Withdrawals</h2>
          <p data-testid="total-withdrawals">
            {walletData.totalWithdrawals} {walletData.currency}
          </p>
        </div>
        <div className="card">
          <h2>Pending Requests</h2>
          <p data-testid="pending-requests">{walletData.pendingRequests}</p>
        </div>
        <div className="card">
          <h2>Completed Transactions</h2>
          <p data-testid="completed-transactions">{walletData.completedTransactions}</p>
        </div>
      </div>
      <p className="wallet-limit">
        Monthly withdrawals:{' '}
        <strong data-testid="monthly-limit">
          {walletData.currentMonthTransactions}/{walletData.maxTransactionsPerMonth}
        </strong>
        {walletData.remainingTransactions <= WALLET_REMAINING_WARNING_AT ? (
          <span className="wallet-warning" role="status">
            {' '}
            Only {walletData.remainingTransactions} withdrawal{walletData.remainingTransactions === 1 ? '' : 's'} left this month.
          </span>
        ) : null}
      </p>
      <TransactionsTable initial={transactions} search={search} />
    </section>
  );
}

export const handle = cacheable;

import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireWalletPage } from '~/services/wallet/wallet-guard.server';

export const meta: MetaFunction = () => [{ title: 'Verification request · Paceline' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireWalletPage(request, context);
  return null;
}

/** Spec 1 §2 "Verification-request page: a static placeholder with a sample name and zero balances." */
export default function VerificationRequestPlaceholder() {
  return (
    <section className="wallet-page">
      <header className="card wallet-header">
        <div>
          <h1>John Doe</h1>
          <span className="wallet-badge wallet-badge-unverified">unverified</span>
        </div>
        <p>
          <strong>0.000000</strong> BTC
        </p>
      </header>
      <div className="wallet-cards">
        <div className="card">
          <h2>Total Withdrawals</h2>
          <p>0.000000 BTC</p>
        </div>
        <div className="card">
          <h2>Pending Requests</h2>
          <p>0</p>
        </div>
        <div className="card">
          <h2>Completed Transactions</h2>
          <p>0</p>
        </div>
      </div>
    </section>
  );
}

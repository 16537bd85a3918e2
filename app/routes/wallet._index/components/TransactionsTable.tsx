import { Form } from '@remix-run/react';
import { fromPromise } from 'xstate';
import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { Button } from '~/components/ui/Button';
import { pageWindow } from '~/components/ui/Pager';
import { Table, type Column } from '~/components/ui/Table';
import { apiRequest } from '~/lib/api-client';
import { WALLET_PAGE_WINDOW_SIZE } from '~/lib/constants';
import { formatDateTime } from '~/lib/wallet/format';
import { WALLET_MESSAGES } from '~/lib/wallet/messages';
import { transactionsTableMachine, type TransactionsPage } from '~/machines/transactions-table.machine';
import type { WalletTransactions } from '~/services/wallet/wallet.server';

type Row = WalletTransactions['rows'][number];

const columns: Column<Row>[] = [
  { header: 'Request', cell: (row) => (row.request_no ? `#${row.request_no}` : row.transaction_id.slice(0, 8)) },
  { header: 'Description', cell: (row) => row.description },
  { header: 'Email', cell: (row) => row.email },
  { header: 'Amount (BTC)', cell: (row) => row.amount, className: 'numeric' },
  { header: 'Wallet address', cell: (row) => row.wallet_address ?? '—' },
  { header: 'Requested at', cell: (row) => formatDateTime(row.requested_at) },
  { header: 'Status', cell: (row) => <span className={`wallet-status wallet-status-${row.status}`}>{row.status}</span> },
];

const loadPage = fromPromise<TransactionsPage<unknown>, { search: string; page: number }>(async ({ input }) => {
  const query = new URLSearchParams({ page: String(input.page), search: input.search });
  const result = await apiRequest<TransactionsPage<unknown>>(`/wallet/transactions?${query}`);
  if (!result.ok) throw new Error('Failed to load transactions');
  return result.data;
});

// Provided once: `.provide()` builds a new machine (its whole state tree), which on every render
// was a tenth of /wallet's server render.
const tableMachine = transactionsTableMachine.provide({
  actors: { loadPage },
  actions: { logFailure: () => console.warn('Failed to load transactions') },
});

const hrefFor = (page: number, search: string) => `/wallet?${new URLSearchParams({ page: String(page), ...(search ? { search } : {}) })}`;

/** Search (500 ms debounce) and page numbers; a GET form and plain links without JavaScript. */
export function TransactionsTable({ initial, search }: { initial: WalletTransactions; search: string }) {
  const [state, send] = useFlowMachine(tableMachine, { input: { search, page: initial.meta.current_page, result: initial } });
  const { result, search: typed } = state.context;
  const { rows, meta } = result as WalletTransactions;
  const window = Math.floor(WALLET_PAGE_WINDOW_SIZE / 2);
  const goTo = (page: number) => (event: React.MouseEvent) => {
    event.preventDefault();
    send({ type: 'PAGE', page });
  };
  // The machine's three states, each on the screen: the rows, a search waiting for the typing
  // to stop, a page on its way (the rows shown are dimmed until it arrives).
  const pending = state.matches('debouncing') ? WALLET_MESSAGES.searchPending : state.matches('loading') ? WALLET_MESSAGES.loadingTransactions : '';
  return (
    <section className="wallet-transactions" aria-busy={!state.matches('showing')} data-state={String(state.value)}>
      <h2>Transactions</h2>
      <Form method="get" action="/wallet" className="wallet-search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="wallet-search">Search</label>
        <input
          id="wallet-search"
          type="search"
          name="search"
          defaultValue={search}
          onChange={(event) => send({ type: 'SEARCH_CHANGED', search: event.currentTarget.value })}
        />
        <noscript>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </noscript>
      </Form>
      <p className="wallet-transactions-status" role="status">
        {pending}
      </p>
      <Table columns={columns} rows={rows} rowKey={(row) => row.transaction_id} empty={WALLET_MESSAGES.noTransactions} testId="wallet-transactions" />
      {meta.last_page > 1 ? (
        <nav className="pager" aria-label="Transaction pages">
          {meta.current_page > 1 ? (
            <a href={hrefFor(meta.current_page - 1, typed)} onClick={goTo(meta.current_page - 1)} aria-label="Previous page">
              ‹
            </a>
          ) : null}
          {pageWindow(meta.current_page, meta.last_page, window).map((page) => (
            <a key={page} href={hrefFor(page, typed)} onClick={goTo(page)} aria-current={page === meta.current_page ? 'page' : undefined}>
              {page}
            </a>
          ))}
          {meta.current_page < meta.last_page ? (
            <a href={hrefFor(meta.current_page + 1, typed)} onClick={goTo(meta.current_page + 1)} aria-label="Next page">
              ›
            </a>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

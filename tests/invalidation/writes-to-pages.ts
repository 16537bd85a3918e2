import { ACCOUNT_ROWS } from './rows/accounts';
import { ACTIVITY_ROWS } from './rows/activities';
import { CONNECTION_ROWS } from './rows/connections';
import { EVENT_ROWS } from './rows/events';
import { FLOW_ROWS } from './rows/flows';
import { PARTNER_ROWS } from './rows/partners';
import { SHOP_ROWS } from './rows/shop';
import { WALLET_ROWS } from './rows/wallet';
import { page, type PageRef, type WriteRow } from './world';

/**
 * The writes → pages table of decision 145: every route whose action writes, and the pages kept
 * by the response cache that show what it wrote (the rows live in ./rows/, one file per area).
 * `writes-to-pages.db.test.ts` runs each row: it renders the row's pages, its watched pages and
 * the bystanders below, performs the write through the route as the browser, the game client or
 * the outside party (the payment provider, the OAuth provider) sends it, renders again, and proves
 * that each page the row shows changed and is no longer kept, and that no page at all is still
 * kept while a fresh render shows something else.
 *
 * An engineer adding an action that writes adds a row (or, when no kept page can show what it
 * writes, an entry in NOT_SHOWN_ON_KEPT_PAGES with the reason); the test fails for an action in
 * neither.
 */

export type { PageRef, WriteRow };

/** Rendered beside every row's own pages: none may be served stale. A visitor's, the writer's and another rider's. */
export const BYSTANDER_PAGES: PageRef[] = [
  page('/', 'visitor'),
  page('/events', 'visitor'),
  page((world) => `/event/detail/${world.eventId}`, 'visitor'),
  page('/teams', 'visitor'),
  page('/user/profile', 'writer'),
  page('/user/activities', 'writer'),
  page('/wallet', 'writer'),
  page('/user/profile', 'other rider'),
  page('/my-teams', 'other rider'),
];

export const WRITE_ROWS: WriteRow[] = [
  ...ACCOUNT_ROWS,
  ...ACTIVITY_ROWS,
  ...EVENT_ROWS,
  ...SHOP_ROWS,
  ...WALLET_ROWS,
  ...CONNECTION_ROWS,
  ...PARTNER_ROWS,
  ...FLOW_ROWS,
];

/** Actions whose writes no kept page can show, with the reason; not run (nothing to prove stale). */
export const NOT_SHOWN_ON_KEPT_PAGES: Record<string, string> = {
  subscribe: 'newsletter addresses: no page shows them (unrelated-writes.db.test.ts proves they stale nothing)',
  'contact-us': 'contact messages: read by staff tools only',
  'auth.login': 'a new session row of its own rider: nothing kept reads it before it exists (unrelated-writes.db.test.ts)',
  'auth.forgot-password': 'codes and the outbox: no kept page shows them',
  'event.$id_.phone': 'phone codes of the registration wizard, which is never kept',
  'oauth.decision': "an authorization code of a partner: the grant the connections tab shows comes with its exchange (oauth.token's row)",
  'sandbox.$':
    "the sandbox OAuth provider (it stands where Strava stands): its codes and tokens are the provider's; the site shows a connection once its callback stored it (user.connections)",
  'e2e.payments': 'test-mode helper route, not served in production',
  'e2e.account': 'test-mode helper route (the generated paths make accounts to sign in with), not served in production',
  'e2e.rate-limit': 'test-mode helper route (the generated paths meet the limits), not served in production',
  'e2e.shop': "test-mode helper route (the shop's generated paths grant coins and buy from another tab), not served in production",
  'e2e.wallet': "test-mode helper route (the wallet's generated paths credit prizes and move a verification along), not served in production",
  'e2e.event': 'test-mode helper route (the generated paths register for events of their own), not served in production',
  'e2e.import-review': 'test-mode helper route (the generated paths meet each import banner), not served in production',
  'e2e.network-import': 'test-mode helper route (the generated paths follow an import under way), not served in production',
  'e2e.data-export': "test-mode helper route (the My Data tab's generated paths move a copy through its build), not served in production",
  'staff.jobs':
    "a staff member's retry of a failed job: the queue's rows, shown on /staff/jobs only (never kept); what the job then writes stales pages as any job's writes do",
  'api.garage.check-user-purchase-item': 'answers whether an item is owned: reads only',
  'staff.payments':
    "a staff member's refund of a deleted account's card payment: its order and the tombstone's ledger rows, which name no rider and are shown on /staff/payments only (never kept)",
};

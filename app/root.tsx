import { cacheable } from '~/lib/response-cache';
import { useScrollToTop } from '~/components/shell/use-scroll-to-top';
import { isNoResponse, keepLoadersAfterNoResponse } from '~/lib/api-client';
import { NO_RESPONSE_MESSAGE } from '~/lib/constants';
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useLoaderData, useRouteLoaderData, useLocation, useRouteError } from '@remix-run/react';
import { useEffect } from 'react';
import { EMBEDDED_MODE_SCRIPT, EmbeddedModeProvider, isEmbeddedQuery, useEmbeddedMode } from '~/components/shell/embedded-mode';
import { SessionNotice } from '~/components/auth/SessionNotice';
import { SessionWatchContext, useSessionWatch } from '~/components/auth/use-session-watch';
import { Footer } from '~/components/shell/Footer';
import { Header } from '~/components/shell/Header';
import { useNonce } from '~/components/shell/nonce';
import { NoScriptToast, Toaster } from '~/components/ui/Toaster';
import { getOptionalUser } from '~/services/accounts/auth.server';
import { getClientEnv } from '~/services/platform/env.server';
import { redirectFramedRequest } from '~/services/platform/security.server';
import { loadShell, type ShellContent } from '~/services/content/shell.server';
import { keptJson, keptJsonInDocument, readKeptJson } from '~/lib/kept-json';
import { rendersDocument } from '~/lib/load-context';
import { KeptJsonScript } from '~/components/shell/KeptJsonScript';
import { clearToastCookie, readToast } from '~/services/platform/toast.server';
import stylesheet from '~/styles/app.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  redirectFramedRequest(request);
  const [user, shell] = await Promise.all([getOptionalUser(request, context), loadShell()]);
  const toast = readToast(request);
  const embedded = isEmbeddedQuery(new URL(request.url).search);
  // A document carries the shell's content in a script of its own, not escaped twice in its data.
  const keptShell = rendersDocument(context) ? keptJsonInDocument(shell, 'shell') : keptJson(shell);
  return data({ user, shell: keptShell, toast, embedded, env: getClientEnv() }, toast ? { headers: { 'Set-Cookie': clearToastCookie() } } : undefined);
}

/** The browser half of the framing rule: a framed page sends the frame to the warning. */
function useFrameBreaker() {
  const location = useLocation();
  useEffect(() => {
    if (window.self !== window.top && location.pathname !== '/iframe-warning') {
      window.location.replace('/iframe-warning');
    }
  }, [location.pathname]);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EMBEDDED_MODE_SCRIPT }} />
      </head>
      <body>
        {children}
        {root ? <KeptJsonScript kept={root.shell} /> : null}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { user, shell: keptShell, toast, embedded } = useLoaderData<typeof loader>();
  const shell = readKeptJson(keptShell);
  useFrameBreaker();
  const session = useSessionWatch(Boolean(user));
  useScrollToTop();
  return (
    <EmbeddedModeProvider serverEmbedded={embedded}>
      <SessionWatchContext.Provider value={session}>
        <Header site={shell.site} menus={shell.menus} user={user} session={session.state} />
        <SessionNotice session={session.state} />
        <main className="site-main">
          <Outlet />
        </main>
        <ShellFooter shell={shell} />
        <Toaster flash={toast} />
        {toast ? <NoScriptToast toast={toast} /> : null}
      </SessionWatchContext.Provider>
    </EmbeddedModeProvider>
  );
}

function ShellFooter({ shell }: { shell: { site: ShellContent['site']; footer: ShellContent['footer'] } }) {
  return useEmbeddedMode() ? null : <Footer site={shell.site} footer={shell.footer} />;
}

// A route action posted through the seam answers 'no response' when the network is gone; reloading
// the shell then would fail the same way, so the page stays as it is.
export const shouldRevalidate = keepLoadersAfterNoResponse;

/** The one error boundary: a form or fetcher whose request got no answer shows the catalogue's message. */
function errorTitle(error: unknown): string {
  return isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong';
}

/** Only the error page's: a page that rendered has its own route's title. */
export const meta: MetaFunction = ({ error }) => (error ? [{ title: `${errorTitle(error)} · Paceline` }] : []);

export function ErrorBoundary() {
  const error = useRouteError();
  const title = errorTitle(error);
  // A refusal's own words (a page number out of bounds, an event not found); never a 5xx's.
  const refusal = isRouteErrorResponse(error) && error.status < 500 && typeof error.data === 'string' ? error.data : null;
  return (
    <main className="site-main error-page">
      <h1>{title}</h1>
      {refusal ? <p role="alert">{refusal}</p> : null}
      {isNoResponse(error) ? <p role="alert">{NO_RESPONSE_MESSAGE}</p> : null}
      <p>
        <a href="/">Back to Paceline</a>
      </p>
    </main>
  );
}

// Depends on the URL, the session and the database only (app/lib/response-cache.ts).
export const handle = cacheable;

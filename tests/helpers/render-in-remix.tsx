// Renders a component on the server the way a document render does (RemixServer over a one-route
// build), so components that need Remix's and React Router's contexts (links, fetchers) can be
// rendered to HTML in a unit test.
import type { EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler } from 'react-router-dom/server.js';

const manifest = {
  entry: { module: '/entry.js', imports: [] },
  routes: {
    root: {
      id: 'root',
      path: '*',
      module: '/root.js',
      hasAction: false,
      hasLoader: false,
      hasClientAction: false,
      hasClientLoader: false,
      hasErrorBoundary: false,
    },
  },
  url: '/manifest.js',
  version: '1',
};

export async function renderInRemix(Component: () => JSX.Element, url = 'http://paceline.test/'): Promise<string> {
  const handler = createStaticHandler([{ id: 'root', path: '*' }]);
  const staticHandlerContext = await handler.query(new Request(url));
  if (staticHandlerContext instanceof Response) throw new Error(`${url} answered ${staticHandlerContext.status}`);
  const context = {
    manifest,
    routeModules: { root: { default: Component } },
    staticHandlerContext,
    future: {},
    isSpaMode: false,
    serverHandoffString: '{}',
    serializeError: (error: Error) => ({ message: error.message }),
  } as unknown as EntryContext;
  return renderToString(<RemixServer context={context} url={url} />);
}

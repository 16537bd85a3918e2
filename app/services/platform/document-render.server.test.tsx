import type { EntryContext } from '@remix-run/node';
import { RemixServer, Scripts } from '@remix-run/react';
import { createStaticHandler } from 'react-router-dom/server.js';
import { decode, encode } from 'turbo-stream';
import { describe, expect, it } from 'vitest';
import { renderDocument, settleHandoff, utf8Of } from './document-render.server';

/** A stream of these byte chunks, as turbo-stream hands them to Remix. */
function streamOf(...chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

describe('settleHandoff', () => {
  it('reads the whole stream, a character split across chunks included, as one last chunk', async () => {
    const bytes = new TextEncoder().encode('["Café ≥ 35 %"]\n');
    const split = bytes.indexOf(0xa9); // inside é
    const context = { serverHandoffStream: streamOf(bytes.slice(0, split), bytes.slice(split)), renderMeta: {} } as unknown as EntryContext;
    await settleHandoff(context);
    const cache = (context as unknown as { renderMeta: { streamCache: Record<number, { result: unknown }> } }).renderMeta.streamCache;
    expect(Object.keys(cache)).toEqual(['0']);
    expect(cache[0].result).toEqual({ done: true, value: '["Café ≥ 35 %"]\n' });
  });

  it('leaves a context without a stream as it is', async () => {
    const context = { renderMeta: {} } as unknown as EntryContext;
    await settleHandoff(context);
    expect(context).toEqual({ renderMeta: {} });
  });
});

describe('renderDocument', () => {
  const manifest = {
    entry: { module: '/entry.js', imports: [] },
    routes: {
      root: {
        id: 'root',
        path: '*',
        module: '/root.js',
        hasAction: false,
        hasLoader: true,
        hasClientAction: false,
        hasClientLoader: false,
        hasErrorBoundary: false,
      },
    },
    url: '/manifest.js',
    version: '1',
  };
  const Page = () => (
    <html lang="en">
      <body>
        <p>Riders: 3</p>
        <Scripts />
      </body>
    </html>
  );

  it('writes the page and its whole data for hydration in one pass, as one document', async () => {
    const data = { loaderData: { root: { riders: ['Ana', 'Bo', 'Ana'], quote: '</script><script>alert(1)</script>' } } };
    const url = 'http://paceline.test/';
    const staticHandlerContext = await createStaticHandler([{ id: 'root', path: '*' }]).query(new Request(url));
    const context = {
      manifest,
      routeModules: { root: { default: Page } },
      staticHandlerContext,
      future: { v3_singleFetch: true },
      isSpaMode: false,
      serverHandoffString: '{}',
      serverHandoffStream: encode(data),
      renderMeta: {},
      serializeError: (error: Error) => ({ message: error.message }),
    } as unknown as EntryContext;
    const headers = new Headers();
    const response = await renderDocument(<RemixServer context={context} url={url} />, context, { status: 200, headers });
    const html = await response.text();

    expect(html.startsWith('<!DOCTYPE html><html lang="en"><body><p>Riders: 3</p>')).toBe(true);
    expect(headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(Number(headers.get('Content-Length'))).toBe(Buffer.byteLength(html));
    // The data goes out whole in one script, then the stream is closed; nothing was left to a
    // fallback (React writes `<!--$!-->` or a `<template>` for a boundary it could not finish).
    const enqueued = [...html.matchAll(/streamController\.enqueue\((".*?")\);<\/script>/g)];
    expect(enqueued).toHaveLength(1);
    expect(html.match(/streamController\.close\(\)/g)).toHaveLength(1);
    expect(html).not.toMatch(/<!--\$!-->|<template/);
    expect(html).not.toContain('</script><script>alert(1)');
    const text = JSON.parse(enqueued[0][1]) as string;
    const decoded = await decode(new Response(text).body!);
    expect(decoded.value).toEqual(data);
  });
});

describe('utf8Of', () => {
  it('is what Buffer.from writes, for one-byte, two-byte and astral text, each time at its own length', () => {
    for (const text of ['<p>plain</p>', '<p>Café · 35 % — ©</p>', '<p>🇦🇪 ≥ 😀</p>', '', 'x'.repeat(400_000)]) {
      const bytes = utf8Of(text);
      expect(bytes.equals(Buffer.from(text))).toBe(true);
      expect(bytes.byteLength).toBe(Buffer.byteLength(text));
    }
    // A later, shorter document is not left with the earlier one's tail.
    expect(utf8Of('<b>a</b>').toString()).toBe('<b>a</b>');
  });
});

import { describe, expect, it } from 'vitest';
import { renderToPipeableStream } from 'react-dom/server';
import { createElement } from 'react';
import { documentBodyOf, documentResponse, documentSink } from './document-body.server';

describe('documentResponse', () => {
  const html = () => Buffer.from('<!DOCTYPE html><p>page</p>');

  it('keeps the bytes beside a response whose own body still reads the same', async () => {
    const response = documentResponse(html(), { status: 200, headers: { 'Content-Type': 'text/html' } });
    expect(documentBodyOf(response)?.toString()).toBe('<!DOCTYPE html><p>page</p>');
    expect(await response.clone().text()).toBe('<!DOCTYPE html><p>page</p>');
  });

  it('has nothing for a response made elsewhere or one whose body was read', async () => {
    expect(documentBodyOf(new Response('other'))).toBeUndefined();
    const read = documentResponse(html(), { status: 200 });
    await read.text();
    expect(documentBodyOf(read)).toBeUndefined();
  });
});

describe('documentSink', () => {
  it('collects everything React writes into one buffer', async () => {
    const rows = Array.from({ length: 2_000 }, (_, index) => createElement('li', { key: index }, `row ${index}`));
    const html = await new Promise<string>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(createElement('ul', null, rows), {
        onAllReady: () => pipe(documentSink((bytes) => resolve(bytes.toString()), reject) as unknown as NodeJS.WritableStream),
        onShellError: reject,
      });
    });
    expect(html.startsWith('<ul><li>row 0</li>')).toBe(true);
    expect(html.endsWith('<li>row 1999</li></ul>')).toBe(true);
  });

  it('hands on the error when React destroys it', () => {
    let failure: unknown;
    documentSink(() => {}, (error) => (failure = error)).destroy(new Error('render failed'));
    expect(String(failure)).toContain('render failed');
  });
});

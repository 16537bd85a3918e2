import type { EntryContext } from '@remix-run/node';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { documentResponse } from './document-body.server';

/**
 * Renders a document in one synchronous pass (decision 159). Remix's `RemixServer` writes the
 * page's data for hydration through `StreamTransfer`, which suspends on each chunk of the
 * turbo-stream until it has read it; with React's streaming renderer every page paid for that
 * (a suspended task, a retry, and each of the document's thousands of small chunks encoded into
 * a byte buffer on its own). Every page here waits for all its data anyway (no route defers),
 * so the whole stream is read first and handed to `StreamTransfer` as already read: nothing
 * suspends, and `renderToString` builds the document as one string, encoded once.
 */
export async function renderDocument(element: ReactElement, context: EntryContext, init: { status: number; headers: Headers }): Promise<Response> {
  await settleHandoff(context);
  const body = utf8Of(`<!DOCTYPE html>${renderToString(element)}`);
  init.headers.set('Content-Type', 'text/html; charset=utf-8');
  init.headers.set('Content-Length', String(body.byteLength));
  return documentResponse(body, init);
}

/** Room for a document of up to a third of a megabyte in characters (three bytes each at most). */
const scratch = Buffer.allocUnsafeSlow(1 << 20);

/**
 * The document's UTF-8 bytes in one pass over the string. `Buffer.from` measures the encoded
 * length in a pass of its own before it writes (about 45 µs on a 45 kB page); written into a
 * buffer kept for the purpose, the bytes are copied out at their length.
 */
export function utf8Of(html: string): Buffer<ArrayBuffer> {
  if (html.length * 3 > scratch.length) return Buffer.from(html) as Buffer<ArrayBuffer>;
  const length = scratch.write(html, 0);
  const bytes = Buffer.allocUnsafeSlow(length);
  scratch.copy(bytes, 0, 0, length);
  return bytes;
}

/** What `StreamTransfer` (Remix 2.17, single fetch) keeps of the chunks it has read. */
type ReadChunk = Promise<void> & { result: { done: boolean; value: string } };
/** The handoff: a stream, or, for data with no promise in it, its text already (our server-runtime patch, decision 162). */
type Handoff = ReadableStream<Uint8Array> & { settledText?: string };
type HandoffContext = { serverHandoffStream?: Handoff; renderMeta?: { streamCache?: Record<number, ReadChunk> } };

/**
 * Reads the page's whole hydration stream and leaves it where `StreamTransfer` looks for the
 * chunks it has read: as one chunk, the last. The browser gets the same text in one script.
 * A loader's promise that never settles ends with Remix's own stream timeout, as before.
 */
export async function settleHandoff(context: EntryContext): Promise<void> {
  const { serverHandoffStream: stream, renderMeta } = context as unknown as HandoffContext;
  if (!stream || !renderMeta) return;
  const value = stream.settledText ?? (await readAll(stream));
  renderMeta.streamCache = { 0: Object.assign(Promise.resolve(), { result: { done: true, value } }) };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let value = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) value += decoder.decode(chunk.value, { stream: true });
  value += decoder.decode();
  reader.releaseLock();
  return value;
}

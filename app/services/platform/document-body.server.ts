/**
 * A rendered document's bytes, kept beside its Response so that server.mjs can write them to the
 * socket in one call. Sent through the Response's body instead, the buffer goes through a web
 * ReadableStream and Remix's stream pump on every page (≈8 % of the shell's CPU, decision 151).
 * The Response keeps its real body for anything that reads it (the response cache).
 */
const bodies = new WeakMap<Response, Buffer<ArrayBuffer>>();

export function documentResponse(html: Buffer<ArrayBuffer>, init: ResponseInit): Response {
  // The body as a stream that hands over the bytes when read: given the buffer itself, undici
  // copied it and built a byte stream for it (~70 µs of every page, though only the response
  // cache ever reads it).
  const response = new Response(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(html);
        controller.close();
      },
    }),
    init,
  );
  bodies.set(response, html);
  return response;
}

/** The bytes of a document answered by `documentResponse`, unless its body was replaced or read since. */
export function documentBodyOf(response: Response): Buffer<ArrayBuffer> | undefined {
  const body = bodies.get(response);
  return body && !response.bodyUsed ? body : undefined;
}

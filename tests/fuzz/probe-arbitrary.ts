import fc from 'fast-check';
import { FORM_TEXT_MAX_BYTES, PAGE_POST_MAX_BYTES } from '~/services/platform/security.server';
import type { FormValues } from './form-arbitraries';
import type { RouteEntry } from './route-table';

/**
 * Whole requests for one route, generated with fast-check (issue 35, decision 174): the values
 * its forms take (from its Zod schemas, form-arbitraries.ts) sent in every way a client could
 * send them, with one odd input at a time in the body, the query, the path or a header, or an
 * out-of-range number. Each probe names its input kind and content type, so the suite can print
 * what it generated and prove that nothing was quietly left out.
 */
export const INPUT_KINDS = ['schema values', 'odd body', 'odd query', 'odd path', 'odd header', 'out-of-range number', 'no body'] as const;
export type InputKind = (typeof INPUT_KINDS)[number];

export const CONTENT_TYPES = ['none', 'form-urlencoded', 'multipart', 'json', 'text', 'octet-stream'] as const;
export type ContentTypeLabel = (typeof CONTENT_TYPES)[number];

export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Probe {
  method: 'GET' | WriteMethod;
  kind: InputKind;
  contentType: ContentTypeLabel;
  /** Path parameter values, query pairs and headers, before the identity's cookie is added. */
  params: Record<string, string>;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  /** A fresh body each time it is called (a stream or FormData is read once). */
  body: () => BodyInit | null;
  /** What was odd, short, for a failure's message. */
  note: string;
}

/** What the suite knows of a route's inputs. */
export interface RouteInputs {
  route: RouteEntry;
  values: fc.Arbitrary<FormValues>;
  /** Field names its schemas and form use; the numeric ones; the query names its source reads. */
  fields: string[];
  numericFields: string[];
  queryNames: string[];
}

const NUL_TEXT = ['\u0000', 'a\u0000b', '%00', '\u0000'.repeat(3)];
/** Right-to-left override, a combining accent, a lone surrogate, astral and non-character code points, line separators. */
const UNICODE_TEXT = ['😀', '\u202egnp.exe', 'e\u0301', '\ud800', 'x\udc00y', '\uffff', '\ufeff', 'İı', '𝒳', '\u2028\u2029', '\u0085', 'Ω≈ç√∫'];
const ODD_PLAIN = [
  '',
  ' ',
  '/\t/evil.example',
  '//evil.example',
  '\r\nSet-Cookie: x=1',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%',
  '%zz',
  'a/b',
];
/** Numbers no field or parameter takes: past 64 bits, negative, fractional, written oddly. */
export const OUT_OF_RANGE = [
  '9223372036854775808',
  '-9223372036854775809',
  '18446744073709551616',
  '2147483648',
  '-2147483649',
  '1e308',
  '-1e308',
  '1e-400',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1.5',
  '0x10',
  '1_000',
  ' 1',
  '١٢',
  '00000000000000000001',
];

/** Text some field, parameter or header might hold and none should: NUL, odd Unicode, huge, plain hostile. */
export const oddText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NUL_TEXT) },
  { weight: 3, arbitrary: fc.constantFrom(...UNICODE_TEXT) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_PLAIN) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 5_000, max: 60_000 }).map((length) => 'x'.repeat(length)) },
);

export const outOfRangeNumber = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...OUT_OF_RANGE) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

/** Header values are bytes (Latin-1, no NUL, CR or LF: the HTTP parser refuses those before any code). */
const headerText = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)), maxLength: 60 }),
  fc.constantFrom('%00', '\u00ff\u00fe', 'x'.repeat(8_000), '', ' ', '"', ';;;', '=', 'a=b; c'),
);

/** Headers a route or the screen reads, with odd values; the Cookie is added to the identity's. */
const oddHeader: fc.Arbitrary<{ headers: Record<string, string>; note: string }> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('Accept', 'Accept-Language', 'Referer', 'User-Agent', 'If-None-Match', 'Range', 'Sec-Fetch-Dest', 'Sec-Fetch-Site', 'X-Forwarded-For'),
      headerText,
    )
    .map(([name, value]) => ({ headers: { [name]: value }, note: `${name}: ${value.slice(0, 30)}` })),
  fc
    .tuple(fc.constantFrom('Bearer', 'Basic', 'Digest', ''), headerText)
    .map(([scheme, value]) => ({ headers: { Authorization: `${scheme} ${value}`.trim() }, note: `Authorization: ${scheme} ${value.slice(0, 20)}` })),
  fc
    .tuple(fc.constantFrom('%zz:x', 'id:%', '%E0%A4%A:secret', '%:%', '\u00e9:\u00e9'), fc.constant(''))
    .map(([credentials]) => ({ headers: { Authorization: `Basic ${Buffer.from(credentials, 'latin1').toString('base64')}` }, note: `Basic ${credentials}` })),
  fc
    .tuple(fc.constantFrom('paceline_uuid', 'paceline_token', 'paceline_toast', 'paceline_flow_consent', 'x'), headerText)
    .map(([name, value]) => ({ headers: { Cookie: `${name}=${value}` }, note: `Cookie ${name}=${value.slice(0, 20)}` })),
  fc
    .constantFrom('https://evil.example', 'null', 'http://localhost:3955', 'http://127.0.0.1:3000')
    .map((origin) => ({ headers: { Origin: origin }, note: `Origin ${origin}` })),
  fc
    .constantFrom('127.0.0.1:3000', '[::1]:3000', 'localhost:3955', 'evil.example', 'internal-proxy:8080')
    .map((host) => ({ headers: { Host: host, 'X-Forwarded-Host': host, 'X-Forwarded-Proto': 'https' }, note: `Host ${host}` })),
);

/** A string any URL can carry: a lone surrogate becomes U+FFFD, as a browser would send it. */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** A chunked body a little over `bytes`, produced as it is read (never held whole). */
function streamOf(bytes: number, fill: number): () => ReadableStream<Uint8Array> {
  return () => {
    const chunk = new Uint8Array(256 * 1024).fill(fill);
    let sent = 0;
    return new ReadableStream({
      pull(controller) {
        if (sent > bytes) controller.close();
        else {
          controller.enqueue(chunk);
          sent += chunk.byteLength;
        }
      },
    });
  };
}

const FILE_FIELD = /file|proof|image|avatar|front|back|document/i;

/** The values as a body of this content type; `file` adds a small file part to multipart. */
function encode(
  values: FormValues,
  contentType: ContentTypeLabel,
  fields: string[],
  file: Uint8Array | null,
): { body: () => BodyInit | null; type: string | null } {
  switch (contentType) {
    case 'form-urlencoded':
      return { body: () => new URLSearchParams(values).toString(), type: 'application/x-www-form-urlencoded' };
    case 'multipart':
      return {
        body: () => {
          const data = new FormData();
          for (const [name, value] of Object.entries(values)) data.append(name, value);
          if (file) data.append(fields.find((name) => FILE_FIELD.test(name)) ?? 'file', new Blob([Uint8Array.from(file)]), 'upload.fit');
          return data;
        },
        // FormData sets its own type, with the boundary.
        type: null,
      };
    case 'json':
      return { body: () => JSON.stringify(values), type: 'application/json' };
    case 'text':
      return {
        body: () =>
          Object.entries(values)
            .map(([name, value]) => `${name}=${value}`)
            .join('\n'),
        type: 'text/plain',
      };
    case 'octet-stream':
      return { body: () => new TextEncoder().encode(JSON.stringify(values)), type: 'application/octet-stream' };
    case 'none':
      return { body: () => null, type: null };
  }
}

/** Bodies odd as a whole, for the content type: truncated, oversize, not what the type says. */
function oddWholeBody(contentType: ContentTypeLabel, fields: string[]): fc.Arbitrary<{ body: () => BodyInit | null; type: string | null; note: string }> {
  const name = fc.constantFrom(...fields, 'x');
  switch (contentType) {
    case 'form-urlencoded':
      return fc.oneof(
        fc.constant({ body: streamOf(FORM_TEXT_MAX_BYTES, 0x61), type: 'application/x-www-form-urlencoded', note: 'form text past its cap' }),
        fc
          .string({ unit: 'binary', maxLength: 60 })
          .map((text) => ({ body: () => text, type: 'application/x-www-form-urlencoded', note: 'form of binary text' })),
      );
    case 'multipart':
      return fc.oneof(
        fc.tuple(name, fc.string({ maxLength: 20 })).map(([field, value]) => ({
          body: () => `--b\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}`,
          type: 'multipart/form-data; boundary=b',
          note: 'truncated multipart',
        })),
        fc.constant({ body: streamOf(PAGE_POST_MAX_BYTES, 0x62), type: 'multipart/form-data; boundary=b', note: 'multipart past the page cap' }),
        fc.constant({ body: () => '--b--\r\n', type: 'multipart/form-data', note: 'multipart without a boundary' }),
      );
    case 'json':
      return fc.oneof(
        fc.json().map((json) => ({ body: () => json, type: 'application/json', note: 'any JSON' })),
        fc
          .constantFrom('{"a":', '[]', 'null', '"\\u0000"', '{"\\u0000":1}', `[${'['.repeat(5_000)}`, `{"x":[${'0,'.repeat(499_999)}0]}`)
          .map((json) => ({ body: () => json, type: 'application/json', note: `JSON ${json.slice(0, 20)}` })),
      );
    case 'text':
      return oddText.map((text) => ({ body: () => text, type: 'text/plain; charset=utf-8', note: 'odd text' }));
    case 'octet-stream':
      return fc.uint8Array({ maxLength: 2_000 }).map((bytes) => ({ body: () => bytes, type: 'application/octet-stream', note: `${bytes.byteLength} bytes` }));
    case 'none':
      return fc.string({ minLength: 1, maxLength: 200 }).map((text) => ({ body: () => text, type: null, note: 'a body without a type' }));
  }
}

const writeMethod: fc.Arbitrary<WriteMethod> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<WriteMethod>('POST') },
  { weight: 1, arbitrary: fc.constantFrom<WriteMethod>('PUT', 'PATCH', 'DELETE') },
);

function plainParams(route: RouteEntry): Record<string, string> {
  return Object.fromEntries(route.params.map((name) => [name, '1']));
}

/** The route's query names with plain values, some of them. */
function plainQuery(inputs: RouteInputs): fc.Arbitrary<Array<[string, string]>> {
  if (inputs.queryNames.length === 0) return fc.constant([]);
  return fc.subarray(inputs.queryNames, { maxLength: 3 }).map((names) => names.map((name): [string, string] => [name, name === 'page' ? '2' : 'x']));
}

/** One odd input somewhere but the body; which place decides the probe's kind. */
function oddPlace(inputs: RouteInputs, allowed: InputKind[]): fc.Arbitrary<{ kind: InputKind; apply: (probe: Probe) => Probe }> {
  const names = inputs.queryNames.length > 0 ? inputs.queryNames : ['q'];
  const places: Array<fc.Arbitrary<{ kind: InputKind; apply: (probe: Probe) => Probe }>> = [];
  if (allowed.includes('odd query'))
    places.push(
      fc.tuple(fc.oneof(fc.constantFrom(...names), fc.constantFrom('\u0000', 'page\u0000', '😀')), oddText).map(([name, value]) => ({
        kind: 'odd query',
        apply: (probe) => ({
          ...probe,
          query: [...probe.query, [wellFormed(name), wellFormed(value)]],
          note: `query ${name.slice(0, 20)}=${value.slice(0, 30)}`,
        }),
      })),
    );
  if (allowed.includes('odd path') && inputs.route.params.length > 0)
    places.push(
      fc.tuple(fc.constantFrom(...inputs.route.params), oddText).map(([name, value]) => ({
        kind: 'odd path',
        apply: (probe) => ({ ...probe, params: { ...probe.params, [name]: wellFormed(value) }, note: `path :${name}=${value.slice(0, 30)}` }),
      })),
    );
  if (allowed.includes('odd header'))
    places.push(
      oddHeader.map(({ headers, note }) => ({ kind: 'odd header', apply: (probe) => ({ ...probe, headers: { ...probe.headers, ...headers }, note }) })),
    );
  if (allowed.includes('out-of-range number')) {
    const where = [
      ...inputs.route.params.map((name) => ({ in: 'path' as const, name })),
      ...['page', 'limit', ...names].map((name) => ({ in: 'query' as const, name })),
    ];
    places.push(
      fc.tuple(fc.constantFrom(...where), outOfRangeNumber).map(([place, value]) => ({
        kind: 'out-of-range number',
        apply: (probe) =>
          place.in === 'path'
            ? { ...probe, params: { ...probe.params, [place.name]: value }, note: `path :${place.name}=${value}` }
            : { ...probe, query: [...probe.query, [place.name, value]], note: `query ${place.name}=${value}` },
      })),
    );
  }
  return fc.oneof(...places);
}

/** A read (GET) of the route: plain, or with one odd input in its query, path or headers. */
export function readProbe(inputs: RouteInputs): fc.Arbitrary<Probe> {
  return fc
    .tuple(plainQuery(inputs), fc.option(oddPlace(inputs, ['odd query', 'odd path', 'odd header', 'out-of-range number']), { freq: 5 }))
    .map(([query, odd]) => {
      const plain: Probe = {
        method: 'GET',
        kind: 'schema values',
        contentType: 'none',
        params: plainParams(inputs.route),
        query,
        headers: {},
        body: () => null,
        note: 'plain read',
      };
      return odd ? { ...odd.apply(plain), kind: odd.kind } : plain;
    });
}

/** A write (POST, sometimes PUT, PATCH or DELETE) of the route with a body of `contentType`. */
export function writeProbe(inputs: RouteInputs, contentType: ContentTypeLabel): fc.Arbitrary<Probe> {
  const numeric = inputs.numericFields.length > 0 ? inputs.numericFields : inputs.fields.length > 0 ? inputs.fields : ['x'];
  const bodyField = fc.constantFrom(...(inputs.fields.length > 0 ? inputs.fields : ['x']));
  const file = fc.option(fc.uint8Array({ minLength: 1, maxLength: 64 }), { freq: 3 });
  const base = fc.tuple(writeMethod, inputs.values, plainQuery(inputs), file);
  // The route's own values, plainly sent.
  const asSchema = base.map(([method, values, query, bytes]) => probeOf(inputs, method, contentType, values, query, bytes, 'schema values', 'schema values'));
  // One field's value odd, or the whole body.
  const oddField = fc
    .tuple(base, bodyField, oddText)
    .map(([[method, values, query, bytes], field, text]) =>
      probeOf(inputs, method, contentType, { ...values, [field]: text }, query, bytes, 'odd body', `field ${field}=${text.slice(0, 30)}`),
    );
  const oddWhole = fc.tuple(writeMethod, oddWholeBody(contentType, inputs.fields)).map(([method, odd]): Probe => ({
    method,
    kind: 'odd body',
    contentType,
    params: plainParams(inputs.route),
    query: [],
    headers: odd.type ? { 'Content-Type': odd.type } : {},
    body: odd.body,
    note: odd.note,
  }));
  // An out-of-range number in a numeric field of the body.
  const oddNumber = fc
    .tuple(base, fc.constantFrom(...numeric), outOfRangeNumber)
    .map(([[method, values, query, bytes], field, number]) =>
      probeOf(inputs, method, contentType, { ...values, [field]: number }, query, bytes, 'out-of-range number', `field ${field}=${number}`),
    );
  // The values plainly sent, one odd input in the query, the path or a header.
  const oddElsewhere = fc
    .tuple(base, oddPlace(inputs, ['odd query', 'odd path', 'odd header', 'out-of-range number']))
    .map(([[method, values, query, bytes], odd]) => ({
      ...odd.apply(probeOf(inputs, method, contentType, values, query, bytes, odd.kind, '')),
      kind: odd.kind,
    }));
  // No body at all, with the content type's header (none: no header either).
  const noBody = writeMethod.map((method) => ({ ...probeOf(inputs, method, contentType, {}, [], null, 'no body', 'no body'), body: () => null }));
  // Without a content type there are no values to send: no body, a body without a type, or an odd place.
  if (contentType === 'none') return fc.oneof(noBody, oddWhole, oddElsewhere);
  return fc.oneof(asSchema, oddField, oddWhole, oddNumber, oddElsewhere, noBody);
}

function probeOf(
  inputs: RouteInputs,
  method: WriteMethod,
  contentType: ContentTypeLabel,
  values: FormValues,
  query: Array<[string, string]>,
  file: Uint8Array | null,
  kind: InputKind,
  note: string,
): Probe {
  const { body, type } = encode(values, contentType, inputs.fields, file);
  return { method, kind, contentType, params: plainParams(inputs.route), query, headers: type ? { 'Content-Type': type } : {}, body, note };
}

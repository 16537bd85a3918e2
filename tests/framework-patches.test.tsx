// The patches of patches/*.patch (applied by `patch-package` on every `npm ci`, decision 150):
// route matching keeps what it derived from a routes array, and forgets it when the array changes.
// Both builds of the router are checked: Node loads the CommonJS one, Vite bundles the ES one.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
// @ts-expect-error the CommonJS build has no declaration file of its own; typed as the package below
import * as routerCjs from '@remix-run/router/dist/router.cjs.js';
import * as routerEsm from '@remix-run/router/dist/router.js';
import { createStaticHandler, createStaticRouter } from 'react-router-dom/server.js';
import * as turboEsm from 'turbo-stream';
import type { EncodePlugin } from 'turbo-stream';
import { renderInRemix } from './helpers/render-in-remix';

const require = createRequire(import.meta.url);
const turboCjs = require('turbo-stream') as typeof import('turbo-stream');
const { createEntryRouteModules } = require('@remix-run/server-runtime/dist/entry.js') as {
  createEntryRouteModules: (routes: Record<string, { module: unknown }>) => Record<string, unknown>;
};
type DataCall = (args: {
  request: Request;
  loadContext: object;
  params: object;
  routeId: string;
  singleFetch: boolean;
  loader?: Loader;
  action?: Loader;
}) => Promise<unknown>;
type Loader = (args: { request: Request }) => Promise<unknown>;
const dataCalls = {
  cjs: require('@remix-run/server-runtime/dist/data.js') as { callRouteLoader: DataCall; callRouteAction: DataCall },
  esm: (await import('@remix-run/server-runtime/dist/esm/data.js' as string)) as { callRouteLoader: DataCall; callRouteAction: DataCall },
};

type Router = typeof import('@remix-run/router');

/** A routes array that counts how often matching walks it. */
function countedRoutes<T extends object[]>(routes: T): { routes: T; walks: () => number } {
  let walks = 0;
  const proxy = new Proxy(routes, {
    get(target, key, receiver) {
      if (key === 'forEach') walks += 1;
      return Reflect.get(target, key, receiver);
    },
  });
  return { routes: proxy, walks: () => walks };
}

describe.each([
  ['CommonJS', routerCjs as unknown as Router],
  ['ES module', routerEsm as unknown as Router],
])('@remix-run/router (%s build)', (_name, router) => {
  const tree = () => [
    {
      id: 'root',
      path: '/',
      children: [
        { id: 'index', index: true },
        { id: 'event', path: 'event/:id' },
        { id: 'event-detail', path: 'event/detail/:id' },
        { id: 'splat', path: '*' },
      ],
    },
  ];

  it('matches as before, most specific route first, and walks the routes once for many matches', () => {
    const { routes, walks } = countedRoutes(tree());
    const ids = (path: string) => router.matchRoutes(routes, path)?.map((match) => match.route.id);
    expect(ids('/')).toEqual(['root', 'index']);
    expect(ids('/event/7')).toEqual(['root', 'event']);
    expect(ids('/event/detail/7')).toEqual(['root', 'event-detail']);
    expect(router.matchRoutes(routes, '/event/detail/7')?.at(-1)?.params).toEqual({ id: '7' });
    expect(ids('/EVENT/7')).toEqual(['root', 'event']);
    expect(ids('/nowhere/at/all')).toEqual(['root', 'splat']);
    expect(ids('/')).toEqual(['root', 'index']);
    expect(ids('//event/7')).toEqual(['root', 'splat']);
    expect(walks()).toBe(1);
  });

  it('keeps what a path matched: matching it again answers an equal copy, never the objects it gave before', () => {
    const routes = tree();
    const first = router.matchRoutes(routes, '/event/7')!;
    (first[1].params as Record<string, string>).id = 'changed';
    first[1].pathname = '/elsewhere';
    const second = router.matchRoutes(routes, '/event/7')!;
    expect(second.map((match) => match.route.id)).toEqual(['root', 'event']);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1].params).toEqual({ id: '7' });
    expect(second[1].pathname).toBe('/event/7');
    // As matchRouteBranch makes them: the matches of one path share one params object.
    expect(second[0].params).toBe(second[1].params);
    expect(router.matchRoutes(routes, '/event/8')?.[1].params).toEqual({ id: '8' });
    expect(router.matchRoutes(routes, '/event')?.map((match) => match.route.id)).toEqual(['root', 'splat']);
  });

  it('tries only the branches that can match the first segment, and still finds every kind', () => {
    const routes = [
      {
        id: 'root',
        path: '',
        children: [
          { id: 'plain', path: 'teams' },
          { id: 'static-then-param', path: 'teams/:teamId/events' },
          { id: 'case', path: 'Wallet', caseSensitive: true },
          { id: 'optional', path: 'lang?/about' },
          { id: 'param-first', path: ':slug/detail' },
          { id: 'escaped', path: 'feed.xml' },
          { id: 'layout', children: [{ id: 'nested', path: 'user/profile' }] },
        ],
      },
    ];
    const last = (path: string) => router.matchRoutes(routes, path)?.at(-1)?.route.id ?? null;
    expect(last('/teams')).toBe('plain');
    expect(last('/TEAMS/4/events')).toBe('static-then-param');
    expect(last('/Wallet')).toBe('case');
    expect(last('/wallet')).toBeNull();
    expect(last('/about')).toBe('optional');
    expect(last('/lang/about')).toBe('optional');
    expect(last('/teams/detail')).toBe('param-first');
    expect(last('/feed.xml')).toBe('escaped');
    expect(last('/feedxxml')).toBeNull();
    expect(last('/user/profile')).toBe('nested');
    expect(last('/caf%C3%A9/detail')).toBe('param-first');
  });

  it('sees routes patched into a live router', async () => {
    const live = router.createRouter({
      routes: tree().map(({ children, ...root }) => ({ ...root, children: children.slice(0, 2) })),
      history: router.createMemoryHistory(),
    });
    live.initialize();
    expect(router.matchRoutes(live.routes, '/teams')).toBeNull();
    live.patchRoutes('root', [{ id: 'teams', path: 'teams' }]);
    expect(router.matchRoutes(live.routes, '/teams')?.map((match) => match.route.id)).toEqual(['root', 'teams']);
    live.dispose();
  });

  it('compiles a pattern once and still matches every path against it', () => {
    expect(router.matchPath('/user/:id', '/user/1')?.params).toEqual({ id: '1' });
    expect(router.matchPath('/user/:id', '/user/2')?.params).toEqual({ id: '2' });
    expect(router.matchPath({ path: '/user/:id', caseSensitive: true }, '/USER/2')).toBeNull();
    expect(router.matchPath({ path: '/user', end: false }, '/user/2/edit')?.pathnameBase).toBe('/user');
    expect(router.matchPath({ path: '/user', end: true }, '/user/2/edit')).toBeNull();
  });
});

describe('react-router-dom static router', () => {
  it('shares the data routes of one routes array between renders', async () => {
    const routes = [{ id: 'root', path: '/', element: null }];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request('http://paceline.test/'));
    if (context instanceof Response) throw new Error('unexpected response');
    const first = createStaticRouter(handler.dataRoutes, context);
    const second = createStaticRouter(handler.dataRoutes, context);
    expect(second.routes).toBe(first.routes);
    expect(second.state.matches.map((match) => match.route.id)).toEqual(['root']);
  });
});

describe('@remix-run/react RemixServer', () => {
  it('renders each build with its own route modules', async () => {
    // The helper renders every component under one manifest, as a development rebuild does.
    expect(await renderInRemix(() => createElement('p', null, 'first module'))).toContain('first module');
    expect(await renderInRemix(() => createElement('p', null, 'second module'))).toContain('second module');
  });
});

describe('turbo-stream encoder (decision 159)', () => {
  // The encoding turbo-stream 2.4.1 wrote for this value before the patch, taken from the
  // unpatched package: every kind it knows, values seen twice, shared objects, a hole, -0.
  const before =
    '[{"_1":2,"_3":2,"_4":-2,"_5":-6,"_6":-3,"_7":-5,"_8":-7,"_9":10,"_11":12,"_13":14,"_15":16,"_19":20,"_25":26,"_30":26,"_31":32,"_34":35,"_37":38,"_39":40,"_41":42,"_43":44,"_45":46,"_49":50,"_51":52,"_53":54,"_55":56,"_58":59},' +
    '"zero",0,"negativeZero","nan","inf","ninf","nil","undef","t",true,"f",false,"text","quote \\" and \\\\ and \u2028","repeated",[17,17,18,17],"a","b","numbers",[21,22,23,24],1,1.5,-2,1e+21,' +
    '"shared",{"_27":28,"_29":25},"id",7,"name","again","list",[26,33],{"_27":28,"_29":25},"sparse",[21,-1,36],3,"date",["D",1795651200000],"url",["U","https://paceline.local/x?y=1"],' +
    '"re",["R","a+b","gi"],"set",["S",17,26],"map",["M",47,21,26,48],"k","v","nullProto",["N",{"_17":21}],"big",["B","10"],"sym",["Y","paceline"],"error",["TE",57,26],"bad",' +
    '"nested",{"_60":61},"deep",{"_62":63},"deeper",{"_64":65},"deepest",[17,18,66],{"_67":17},"c"]\n';

  function richValue() {
    const shared = { id: 7, name: 'shared' };
    return {
      zero: 0,
      negativeZero: -0,
      nan: NaN,
      inf: Infinity,
      ninf: -Infinity,
      nil: null,
      undef: undefined,
      t: true,
      f: false,
      text: 'quote " and \\ and \u2028',
      repeated: ['a', 'a', 'b', 'a'],
      numbers: [1, 1.5, -2, 1e21],
      shared,
      again: shared,
      list: [shared, { ...shared }],
      // eslint-disable-next-line no-sparse-arrays -- a hole is one of the values the encoder must keep
      sparse: [1, , 3],
      date: new Date(Date.UTC(2026, 10, 26)),
      url: new URL('https://paceline.local/x?y=1'),
      re: /a+b/gi,
      set: new Set(['a', shared]),
      map: new Map<unknown, unknown>([
        ['k', 1],
        [shared, 'v'],
      ]),
      nullProto: Object.assign(Object.create(null), { a: 1 }),
      big: 10n,
      sym: Symbol.for('paceline'),
      error: new TypeError('bad'),
      nested: { deep: { deeper: { deepest: ['a', 'b', { c: 'a' }] } } },
    };
  }

  async function encoded(encode: typeof import('turbo-stream').encode, value: unknown): Promise<string> {
    const plugins: EncodePlugin[] = [(item) => (item instanceof TypeError ? ['TE', item.message, (value as { shared: unknown }).shared] : undefined)];
    const options = { plugins, postPlugins: [(): [string] => ['F']] };
    return new Response(encode(value, options)).text();
  }

  it.each([
    ['CommonJS', turboCjs.encode as typeof import('turbo-stream').encode],
    ['ES module', turboEsm.encode],
  ])('writes what the unpatched encoder wrote (%s build), and decodes back to the value', async (_name, encode) => {
    const value = richValue();
    const text = await encoded(encode, value);
    expect(text).toBe(before);
    const plugins = [(type: string, message: unknown) => (type === 'TE' ? { value: new TypeError(String(message)) } : undefined)];
    const decoded = await turboEsm.decode(new Response(text).body!, { plugins });
    const back = decoded.value as ReturnType<typeof richValue>;
    expect(back.again).toBe(back.shared);
    expect(Object.is(back.negativeZero, 0)).toBe(true);
    expect(back.nested.deep.deeper.deepest).toEqual(['a', 'b', { c: 'a' }]);
    expect(back.map.get('k')).toBe(1);
    expect(back.error).toBeInstanceOf(TypeError);
  });

  it('is the patched encoder on both builds', () => {
    for (const file of ['flatten.js', 'turbo-stream.mjs']) {
      expect(readFileSync(path.join(path.dirname(require.resolve('turbo-stream')), file), 'utf8')).toContain('Patched (Paceline, docs/decisions/159)');
    }
  });
});

describe('@remix-run/server-runtime entry route modules (decision 159)', () => {
  it('answers the same object for a build while its modules are the same, and a new one when one changes', () => {
    const routes = { root: { module: { default: 'root' } }, index: { module: { default: 'index' } } };
    const first = createEntryRouteModules(routes);
    expect(first).toEqual({ root: routes.root.module, index: routes.index.module });
    expect(createEntryRouteModules(routes)).toBe(first);
    routes.index.module = { default: 'rebuilt' };
    const second = createEntryRouteModules(routes);
    expect(second).not.toBe(first);
    expect(second.index).toBe(routes.index.module);
    expect(createEntryRouteModules({ ...routes, extra: { module: { default: 'extra' } } })).toHaveProperty('extra');
  });
});

describe('react/jsx-runtime, production build (decision 160)', () => {
  // Loaded as the production build is: the patched file itself, whatever NODE_ENV the tests run in.
  const file = path.join(path.dirname(require.resolve('react/package.json')), 'cjs/react-jsx-runtime.production.min.js');
  const { jsx, jsxs } = require(file) as typeof import('react/jsx-runtime');

  it('uses a plain config as the props, and still takes key, ref and defaultProps out or in as React does', () => {
    const config = { className: 'cell', children: 'text' };
    const plain = jsx('td', config, 'row-1');
    expect(plain).toMatchObject({ type: 'td', key: 'row-1', ref: null, props: { className: 'cell', children: 'text' } });
    expect(plain.props).toBe(config);
    // A key or ref inside the config (a spread): taken out of the props, as before.
    const ref = { current: null };
    const spread = jsxs('a', { href: '/x', key: 7, ref, children: ['a', 'b'] } as never);
    expect(spread).toMatchObject({ key: '7', ref, props: { href: '/x', children: ['a', 'b'] } });
    expect(spread.props).not.toHaveProperty('key');
    expect(spread.props).not.toHaveProperty('ref');
    // A type with defaultProps gets its own copy with the defaults filled in.
    function Greeting(props: { name?: string; greeting?: string }) {
      return createElement('p', null, `${props.greeting} ${props.name}`);
    }
    Greeting.defaultProps = { greeting: 'Hello', name: 'rider' };
    const withDefaults = { name: 'Ana' };
    const element = jsx(Greeting, withDefaults);
    expect(element.props).toEqual({ name: 'Ana', greeting: 'Hello' });
    expect(element.props).not.toBe(withDefaults);
    expect(withDefaults).toEqual({ name: 'Ana' });
  });
});

describe.each(Object.entries(dataCalls))(
  '@remix-run/server-runtime loader and action requests, %s build (decision 161)',
  (_build, { callRouteLoader, callRouteAction }) => {
    async function requestSeen(call: DataCall, request: Request, singleFetch = true): Promise<Request> {
      let seen: Request | undefined;
      const handler: Loader = async ({ request: given }) => {
        seen = given;
        return null;
      };
      await call({ request, loadContext: {}, params: {}, routeId: 'routes/page', singleFetch, loader: handler, action: handler });
      return seen!;
    }

    it('hands a loader the request itself when its URL has nothing to strip', async () => {
      for (const url of ['http://localhost/user/activities', 'http://localhost/user/activities?tab=activities&indexed=1']) {
        const request = new Request(url);
        expect(await requestSeen(callRouteLoader, request)).toBe(request);
      }
      const legacy = new Request('http://localhost/events?page=2');
      expect(await requestSeen(callRouteLoader, legacy, false)).toBe(legacy);
    });

    it('still strips what Remix strips: an empty index, the routes and data parameters; a body is never shared', async () => {
      const indexed = await requestSeen(callRouteLoader, new Request('http://localhost/?index&index=kept&tab=1'));
      expect(indexed.url).toBe('http://localhost/?tab=1&index=kept');
      const routed = await requestSeen(callRouteLoader, new Request('http://localhost/events.data?_routes=routes%2Fevents&page=2'));
      expect(routed.url).toBe('http://localhost/events.data?page=2');
      const legacyData = await requestSeen(callRouteLoader, new Request('http://localhost/events?_data=routes%2Fevents'), false);
      expect(legacyData.url).toBe('http://localhost/events');
      const post = new Request('http://localhost/contact', { method: 'POST', body: new URLSearchParams({ a: '1' }) });
      const posted = await requestSeen(callRouteAction, post);
      expect(posted).not.toBe(post);
      expect(await posted.text()).toBe('a=1');
    });
  },
);

type HandoffEncoder = (
  data: unknown,
  signal: AbortSignal,
  streamTimeout: number | undefined,
  serverMode: string,
) => ReadableStream<Uint8Array> & { settledText?: string };
const handoffEncoders = {
  cjs: require('@remix-run/server-runtime/dist/single-fetch.js') as { encodeHandoffViaTurboStream: HandoffEncoder; encodeViaTurboStream: HandoffEncoder },
  esm: (await import('@remix-run/server-runtime/dist/esm/single-fetch.js' as string)) as {
    encodeHandoffViaTurboStream: HandoffEncoder;
    encodeViaTurboStream: HandoffEncoder;
  },
};

describe.each(Object.entries(handoffEncoders))(
  '@remix-run/server-runtime document handoff, %s build (decision 162)',
  (_build, { encodeHandoffViaTurboStream, encodeViaTurboStream }) => {
    const streamed = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();
    const loaderData = () => ({
      loaderData: { root: { user: null, when: new Date(0), list: [1, 'a', { a: 1 }] }, 'routes/page': { error: new Error('kept out') } },
      actionData: null,
    });

    it('is the text the stream carries, given at once, and its reader still yields the same bytes', async () => {
      const handoff = encodeHandoffViaTurboStream(loaderData(), new AbortController().signal, undefined, 'production');
      const expected = await streamed(encodeViaTurboStream(loaderData(), new AbortController().signal, undefined, 'production'));
      expect(handoff.settledText).toBe(expected);
      expect(handoff.settledText).not.toContain('kept out');
      const reader = handoff.getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toBe(expected);
      expect((await reader.read()).done).toBe(true);
    });

    it('is a stream, as before, when the data holds a promise', async () => {
      const deferred = { loaderData: { root: { later: Promise.resolve('soon') } } };
      const handoff = encodeHandoffViaTurboStream(deferred, new AbortController().signal, 1000, 'production');
      expect(handoff.settledText).toBeUndefined();
      expect(await streamed(handoff)).toContain('"soon"');
    });
  },
);

const conformBuilds = {
  cjs: require('@conform-to/react') as typeof import('@conform-to/react'),
  esm: await import('@conform-to/react'),
};

describe.each(Object.entries(conformBuilds))('@conform-to/react props helpers, %s build (decision 162)', (_build, { getInputProps, getSelectProps }) => {
  // The parts of a field's metadata the helpers read.
  const field = (overrides: object = {}) =>
    ({
      id: 'f-email',
      name: 'email',
      formId: 'f',
      errorId: 'f-email-error',
      descriptionId: 'f-email-description',
      initialValue: 'a@b.c',
      key: 'k1',
      required: true,
      errors: undefined,
      valid: true,
      allErrors: {},
      ...overrides,
    }) as unknown as Parameters<typeof getInputProps>[0];

  // The entries below are what the unpatched package gave for the same calls.
  it('gives the props Conform gave, without the undefined ones, keys in the same order', () => {
    expect(Object.entries(getInputProps(field(), { type: 'email' }))).toEqual([
      ['required', true],
      ['id', 'f-email'],
      ['name', 'email'],
      ['form', 'f'],
      ['type', 'email'],
      ['defaultValue', 'a@b.c'],
    ]);
    const invalid = getInputProps(field({ errors: ['Required'], valid: false, initialValue: undefined }), { type: 'text', ariaDescribedBy: 'hint' });
    expect(Object.entries(invalid)).toEqual([
      ['required', true],
      ['id', 'f-email'],
      ['name', 'email'],
      ['form', 'f'],
      ['aria-invalid', true],
      ['aria-describedby', 'f-email-error hint'],
      ['type', 'text'],
    ]);
    expect(Object.entries(getSelectProps(field({ initialValue: '246', required: undefined })))).toEqual([
      ['id', 'f-email'],
      ['name', 'email'],
      ['form', 'f'],
      ['defaultValue', '246'],
    ]);
  });
});

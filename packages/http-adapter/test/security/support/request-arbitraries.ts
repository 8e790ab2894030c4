import fc from 'fast-check';
import { planRequestArbitrary } from '../../support/plan-arbitraries.js';

/** A request as the fuzz sends it through `app.request()`. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

type Json = unknown;

/** Printable ASCII (what a header value may hold without the Request constructor refusing it). */
const printable = (maxLength: number) => fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength });

/** Strings PostgreSQL cannot store in text or jsonb: a NUL, a lone surrogate. */
export const UNSTORABLE_STRINGS = ['\u0000', 'a\u0000b', '\ud800', 'x\udc00'];

/** Values that stress parsers and schemas (`storable`: without UNSTORABLE_STRINGS). */
const nastyValueOf = (storable: boolean): fc.Arbitrary<Json> => fc.oneof(
  fc.constantFrom(null, '', ' ', -1, 0, -0, 1.5, 1e308, -1e308, 2 ** 64, '1e3', 'NaN', 'Infinity', '-0.00', '0x10', true, false, [], {}),
  fc.constantFrom('2024-13-45T99:99:99Z', '1970-01-01T00:00:00Z', '9999-12-31T23:59:59Z', 'usd', 'XXX', '🙂'.repeat(50), 'x'.repeat(10_000), ...(storable ? [] : UNSTORABLE_STRINGS)),
  fc.constantFrom({ __proto__: { polluted: true } }, JSON.parse('{"__proto__":{"polluted":true}}') as Json, { constructor: { prototype: { polluted: true } } }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** One edit of a JSON document: its position among all nodes, and what happens there. */
const editArbitrary = (storable: boolean) =>
  fc.record({
    at: fc.nat(),
    kind: fc.constantFrom('replace', 'replace', 'delete', 'wrap', 'add'),
    key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'extra', 'id', 'type'), fc.string({ maxLength: 8 })),
    value: nastyValueOf(storable),
  });
interface Edit {
  at: number;
  kind: string;
  key: string;
  value: Json;
}

/**
 * Applies edits to a deep copy of `value`: each picks a node (by position modulo the number of
 * nodes) and replaces, deletes, wraps it in an array, or adds a key beside it.
 * @example mutateJson({ a: 1 }, [{ at: 1, kind: 'replace', key: '', value: null }]) // { a: null }
 */
export function mutateJson(value: Json, edits: readonly Edit[]): Json {
  const root = { root: structuredClone(value) as Json } as Record<string, Json>;
  for (const edit of edits) {
    const slots: [Record<string, Json> | Json[], string | number][] = [];
    const walk = (holder: Record<string, Json> | Json[], key: string | number) => {
      slots.push([holder, key]);
      const node = (holder as Record<string, Json>)[key as string];
      if (Array.isArray(node)) node.forEach((_, i) => walk(node, i));
      else if (typeof node === 'object' && node !== null) for (const k of Object.keys(node)) walk(node as Record<string, Json>, k);
    };
    walk(root, 'root');
    const [holder, key] = slots[edit.at % slots.length]!;
    const target = holder as Record<string | number, Json>;
    const value = structuredClone(edit.value);
    if (edit.kind === 'replace') target[key] = value;
    else if (edit.kind === 'wrap') target[key] = [target[key]];
    else if (edit.kind === 'delete' && key !== 'root') {
      if (Array.isArray(holder)) holder.splice(key as number, 1);
      else delete target[key];
    } else if (!Array.isArray(holder)) Object.defineProperty(holder, edit.key, { value, enumerable: true, writable: true, configurable: true });
  }
  return root['root'];
}

/** A JSON document with 1-4 random edits applied (`storable`: no string PostgreSQL refuses). */
export const mutated = (valid: fc.Arbitrary<Json>, options: { storable?: boolean } = {}): fc.Arbitrary<Json> =>
  fc.tuple(valid, fc.array(editArbitrary(options.storable ?? false), { minLength: 1, maxLength: 4 })).map(([v, edits]) => mutateJson(v, edits));

const invalidUtf8 = fc.constantFrom(
  Uint8Array.from([0xff, 0xfe, 0xfd]),
  Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]), // {"a":"\xc3(" }
  Uint8Array.from([0xed, 0xa0, 0x80]), // an encoded lone surrogate
  Uint8Array.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), // BOM + {}
  Uint8Array.from([0x00, 0x7b, 0x7d]),
);

/** Bodies: JSON (valid and mutated plans and payloads), random JSON, raw bytes, invalid UTF-8, big and deep. */
export function bodyArbitrary(webhookPayloads: fc.Arbitrary<Json>): fc.Arbitrary<string | Uint8Array | undefined> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.constantFrom('', '{}', ' {} ', 'null', '[]', '{', '{"a":', '"{}"', '{}{}', '{"__proto__":{"x":1}}') },
    { weight: 4, arbitrary: planRequestArbitrary.map((v) => JSON.stringify(v)) },
    { weight: 4, arbitrary: mutated(planRequestArbitrary).map((v) => JSON.stringify(v)) },
    { weight: 3, arbitrary: mutated(webhookPayloads).map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: fc.json({ maxDepth: 3 }) },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 512 }) },
    { weight: 2, arbitrary: invalidUtf8 },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constantFrom('['.repeat(5000) + ']'.repeat(5000), '{"a":'.repeat(3000) + '1' + '}'.repeat(3000), `{"pad":"${'x'.repeat(300 * 1024)}"}`) },
  );
}

/** Path segments: ids real and strange. */
export function idArbitrary(knownIds: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...knownIds),
    fc.constantFrom('..', '.', '%2e%2e', '%2E', '%2F', '%5C', '%00', '%zz', '%', '%E2%82', '%3A', 'a%3Ab', ':', '::', 'x:cancel', 'id?x=1', 'id#frag', ';', '%20', '~'),
    fc.string({ maxLength: 40 }).map(encodeURIComponent),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.integer({ min: 129, max: 20_000 }).map((n) => 'a'.repeat(n)),
  );
}

/** Paths to every operation (with `%3A` variants) and random paths around them. */
export function pathArbitrary(knownIds: readonly string[]): fc.Arbitrary<string> {
  const id = idArbitrary(knownIds);
  const colon = fc.constantFrom(':', '%3A', '%3a', '%253A', '::', '/');
  const query = fc.oneof(
    fc.constant(''),
    fc.record({ pageSize: fc.oneof(printable(6), fc.constantFrom('0', '-1', '1001', '2.5', '1e3', '50')), pageToken: printable(30), subscriptionId: id }, { requiredKeys: [] }).map(
      (q) => `?${new URLSearchParams(q as Record<string, string>).toString()}`,
    ),
    printable(40).map((q) => `?${q}`),
  );
  const segment = fc.oneof(fc.constantFrom('v1', 'api', 'webhooks', 'addon-subscriptions', 'plans:calculate', 'healthz', 'readyz', 'openapi.json', 'stripe', 'paddle', 'standard'), id);
  return fc.oneof(
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom('/v1/plans', '/v1/Plans', '/v1//plans'), colon, fc.constantFrom('calculate', 'calculate/', 'Calculate', 'calc')).map(([a, c, b]) => `${a}${c}${b}`) },
    { weight: 3, arbitrary: fc.tuple(id, query).map(([i, q]) => `/v1/addon-subscriptions/${i}${q}`) },
    { weight: 2, arbitrary: query.map((q) => `/v1/addon-subscriptions${q}`) },
    { weight: 3, arbitrary: fc.tuple(id, colon, fc.constantFrom('cancel', 'undo-cancel', 'Cancel', 'undo_cancel', 'cancel:cancel', '')).map(([i, c, a]) => `/v1/addon-subscriptions/${i}${c}${a}`) },
    { weight: 3, arbitrary: fc.oneof(fc.constantFrom('stripe', 'paddle', 'standard', 'STRIPE', 'paypal', '', '%73tripe', 'stripe%00', '..'), id).map((p) => `/api/v1/webhooks/${p}`) },
    { weight: 2, arbitrary: fc.array(segment, { minLength: 0, maxLength: 6 }).map((s) => `/${s.join('/')}`) },
    { weight: 1, arbitrary: fc.constantFrom('/healthz', '/readyz', '/openapi.json', '/', '//', '/v1', '/v1/', '/api/v1/webhooks', '/api/v1/webhooks/') },
  );
}

const contentType = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
    'application/merge-patch+json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=xyz',
    'application/octet-stream',
    '*/*',
    '',
    'application/',
    'json',
  ),
  printable(30),
);

/** Headers: usually valid credentials (so requests reach the handlers), plus random and provider headers. */
export function headersArbitrary(validAuth: Record<string, string>, otherAuth: fc.Arbitrary<Record<string, string>>): fc.Arbitrary<Record<string, string>> {
  const auth = fc.oneof({ weight: 6, arbitrary: fc.constant(validAuth) }, { weight: 3, arbitrary: otherAuth }, { weight: 1, arbitrary: fc.constant({}) });
  const optional = fc.record(
    {
      'content-type': contentType,
      'x-request-id': fc.oneof(printable(20), fc.constant('r'.repeat(200))),
      'x-organization-id': fc.oneof(fc.constantFrom('org_a', 'org_b', ' org_a ', ''), printable(20)),
      accept: fc.constantFrom('application/json', 'text/html', '*/*'),
      'content-encoding': fc.constantFrom('gzip', 'br', 'identity'),
      'stripe-signature': fc.oneof(printable(80), fc.constant(`t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`)),
      'paddle-signature': fc.oneof(printable(80), fc.constant(`ts=${Math.floor(Date.now() / 1000)};h1=${'a'.repeat(64)}`)),
      'webhook-id': printable(30),
      'webhook-timestamp': fc.oneof(printable(14), fc.constant(String(Math.floor(Date.now() / 1000)))),
      'webhook-signature': fc.oneof(printable(80), fc.constant(`v1,${Buffer.alloc(32).toString('base64')}`)),
    },
    { requiredKeys: [] },
  );
  const random = fc.dictionary(fc.stringMatching(/^x-[a-z0-9-]{1,20}$/), printable(40), { maxKeys: 3 });
  return fc.tuple(auth, optional, random).map(([a, o, r]) => ({ ...r, ...a, ...o }) as Record<string, string>);
}

export const methodArbitrary = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('GET', 'POST') },
  { weight: 2, arbitrary: fc.constantFrom('PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'post', 'get') },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Z]{3,10}$/).filter((m) => !['CONNECT', 'TRACE', 'TRACK'].includes(m)) },
);

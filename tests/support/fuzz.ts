/**
 * Bad-input generators for the API fuzz test, driven by the OpenAPI document: for each
 * operation a plausible request is built from its schemas (with real ids where a
 * field names one), then fast-check mutates it: wrong types, missing and extra
 * fields, NUL and lone surrogates, huge and non-finite numbers, deep nesting, long
 * strings, bad dates, broken query strings and path parameters.
 */
import fc from 'fast-check';

export interface Operation {
  method: string;
  path: string;
  parameters?: { name: string; in: 'path' | 'query'; required?: boolean; schema?: Schema }[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses?: Record<string, { description?: string; content?: { 'application/json'?: { schema?: Schema } } }>;
}

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maxLength?: number;
  minLength?: number;
  format?: string;
};

/** Real values for fields and parameters that name something (ids, e-mails, dates). */
export interface FuzzContext {
  byName: Record<string, unknown>;
  /** Path parameter values by the route's path, e.g. workouts' :id. */
  idFor(path: string, name: string): string;
}

export interface FuzzRequest {
  kind: string;
  method: string;
  url: string;
  /** Raw JSON text (so that 1e400, __proto__ and 20,000-deep arrays can be sent). */
  body?: string;
  headers: Record<string, string>;
}

export function operationsOf(doc: { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) ops.push({ ...op, method: method.toUpperCase(), path });
  }
  // Reads first, deletions last: a deletion with real ids may take away what later routes use.
  const rank = (m: string) => ({ GET: 0, POST: 1, PUT: 2, PATCH: 2, DELETE: 3 })[m] ?? 1;
  return ops.sort((a, b) => rank(a.method) - rank(b.method) || a.path.localeCompare(b.path));
}

// ------------------------------------------------------------- plausible values

const DATE_NAMES = /^(date|from|to|today|toDate|start|end|startDate|endDate|weekStart)$/i;

function firstOption(s: Schema): Schema {
  const options = s.anyOf ?? s.oneOf;
  if (!options) return s;
  return options.find((o) => o.type !== 'null') ?? options[0];
}

/** A value the route would plausibly accept, built from its schema and the field's name. */
export function plausible(schema: Schema | undefined, name: string, ctx: FuzzContext): unknown {
  if (name in ctx.byName) return ctx.byName[name];
  const s = firstOption(schema ?? {});
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const type = [s.type ?? 'unknown'].flat()[0];
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = plausible(v, k, ctx);
      return out;
    }
    case 'array':
      return [plausible(s.items, name.replace(/s$/, ''), ctx)];
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'string':
      if (DATE_NAMES.test(name)) return '2025-05-01';
      if (s.format === 'uuid' || /id$/i.test(name)) return '00000000-0000-4000-8000-000000000000';
      if (/email/i.test(name)) return 'someone@example.com';
      return 'abc'.slice(0, s.maxLength ?? 3);
    default:
      return ctx.byName[`${name}:unknown`] ?? 'x';
  }
}

// ---------------------------------------------------------------- nasty values

/** Raw JSON fragments that JSON.stringify cannot produce. */
const RAW = ['1e400', '-1e400', '-0', '1e-400', '123456789012345678901234567890', `{"__proto__":{"polluted":true}}`, `{"constructor":{"prototype":{}}}`];

/** What PostgreSQL cannot store: the most likely 500s, so sent most often. */
const poison = fc.oneof(
  fc.constantFrom('a\u0000b', '\u0000', 'a\ud800b', '\udfff', '\ud83d'),
  fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud800', '\udc00'), fc.string({ maxLength: 8 })).map((p) => p.join('')),
);

const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'a\u0000b',
    '\u0000',
    'a\ud800b',
    '\udfff',
    '\ud83d',
    'x'.repeat(100_000),
    '\u202e\u0301',
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '2025-02-30',
    '0000-00-00',
    '2025-13-01',
    '9999-12-31',
    '+275760-09-13',
    '2025-1-1',
    'yesterday',
    'NaN',
    'Infinity',
    '-1',
    '1e308',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '../../etc/passwd',
    '%00',
    '__proto__',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);

const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, Number.MIN_VALUE, 2 ** 31, -(2 ** 31) - 1, 2001, 101, 3601, 11),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** A value, or a marker for one of the RAW fragments. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: poison },
  { weight: 3, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      [],
      {},
      [[[]]],
      { a: { b: {} } },
      Array.from({ length: 2000 }, (_, i) => i),
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom(...RAW).map((raw) => ({ [RAW_MARK]: raw })) },
  { weight: 1, arbitrary: fc.integer({ min: 30, max: 20_000 }).map((depth) => ({ [RAW_MARK]: '['.repeat(depth) + ']'.repeat(depth) })) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const RAW_MARK = '\u0001raw';

/** JSON text of a value, with RAW markers spliced in as they are. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (v && typeof v === 'object' && RAW_MARK in v) {
      raws.push((v as Record<string, string>)[RAW_MARK]);
      return `@@RAW${raws.length - 1}@@`;
    }
    return v;
  });
  return (text ?? 'null').replace(/"@@RAW(\d+)@@"/g, (_m, i: string) => raws[Number(i)]);
}

/** Percent-encodes text for a URL, sending a lone surrogate as the invalid UTF-8 it would be. */
function urlText(v: unknown): string {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80' + encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''));
  }
}

// -------------------------------------------------------------------- mutations

type Path = (string | number)[];

function paths(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (at.length > 8) return out;
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...at, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) paths(v, [...at, k], out);
  return out;
}

function setAt(root: unknown, at: Path, update: (parent: Record<string | number, unknown>, key: string | number) => void): unknown {
  const copy = structuredClone(root);
  if (at.length === 0) return copy;
  let parent = copy as Record<string | number, unknown>;
  for (const k of at.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  update(parent, at[at.length - 1]);
  return copy;
}

const BAD_HEADERS: Record<string, string>[] = [
  { 'idempotency-key': 'x'.repeat(300) },
  { 'idempotency-key': '' },
  { 'idempotency-key': 'ÿþ\u00ff' },
  // (A well-formed future checkpoint is not bad input: it is held by design, see issue 14 item 11.)
  { 'x-after-checkpoint': '1:2' },
  { 'x-after-checkpoint': 'not-a-checkpoint' },
  { 'content-type': 'text/plain' },
  { 'content-type': 'application/json; charset=latin1' },
  { authorization: 'Bearer not.a.token' },
];

/** Arbitrary bad requests for one operation. */
export function requestArb(op: Operation, ctx: FuzzContext, token: () => string): fc.Arbitrary<FuzzRequest> {
  const schema = op.requestBody?.content['application/json'].schema;
  const bodies = schema ? plausibleBodies(schema, ctx) : [undefined];
  return fc.constantFrom(...bodies).chain((baseBody) => requestArbFrom(op, ctx, token, baseBody));
}

/**
 * Plausible bodies: every field, the required ones only, and the required ones with
 * each optional field alone (a body that takes either `workout` or `workouts` is only
 * valid with one of them).
 */
function plausibleBodies(schema: Schema, ctx: FuzzContext): unknown[] {
  const all = plausible(schema, 'body', ctx);
  if (!all || typeof all !== 'object' || Array.isArray(all)) return [all];
  const required = new Set(firstOption(schema).required ?? []);
  const pick = (keys: string[]) => Object.fromEntries(Object.entries(all).filter(([k]) => required.has(k) || keys.includes(k)));
  const optional = Object.keys(all).filter((k) => !required.has(k));
  return [all, pick([]), ...optional.map((k) => pick([k]))];
}

function requestArbFrom(op: Operation, ctx: FuzzContext, token: () => string, baseBody: unknown): fc.Arbitrary<FuzzRequest> {
  const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
  const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
  const baseParams = Object.fromEntries(pathParams.map((p) => [p.name, ctx.idFor(op.path, p.name)]));
  const baseQuery = Object.fromEntries(queryParams.map((p) => [p.name, String(plausible(p.schema, p.name, ctx))]));
  const bodyPaths = baseBody === undefined ? [] : paths(baseBody);

  const build = (kind: string, body: unknown, params: Record<string, string>, query: Record<string, string>, headers: Record<string, string> = {}) => {
    let url = op.path.replace(/\{(\w+)\}/g, (_m, n: string) => params[n] ?? 'x');
    const qs = Object.entries(query)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    if (qs) url += `?${qs}`;
    const hasBody = body !== undefined && op.method !== 'GET';
    return {
      kind,
      method: op.method,
      url,
      body: hasBody ? toJsonText(body) : undefined,
      headers: { authorization: `Bearer ${token()}`, ...(hasBody ? { 'content-type': 'application/json' } : {}), ...headers },
    } satisfies FuzzRequest;
  };
  const encodedQuery = Object.fromEntries(Object.entries(baseQuery).map(([k, v]) => [k, encodeURIComponent(v)]));

  const variants: fc.WeightedArbitrary<FuzzRequest>[] = [{ weight: 1, arbitrary: fc.constant(build('plausible', baseBody, baseParams, encodedQuery)) }];
  const w = (weight: number, arbitrary: fc.Arbitrary<FuzzRequest>) => ({ weight, arbitrary });
  if (bodyPaths.length) {
    const at = fc.constantFrom(...bodyPaths);
    const isObjectAt = (p: Path) => {
      const v = p.reduce<unknown>((o, key) => (o as Record<string | number, unknown>)[key], baseBody);
      return !!v && typeof v === 'object' && !Array.isArray(v);
    };
    const objectPaths = bodyPaths.filter(isObjectAt);
    const fieldPaths = bodyPaths.filter((p) => p.length > 0);
    const objectAt = objectPaths.length ? fc.constantFrom(...objectPaths) : fc.constant<Path>([]);
    variants.push(
      w(
        6,
        fc.tuple(at, nastyValue).map(([p, v]) => build('wrong value', p.length ? setAt(baseBody, p, (o, k) => (o[k] = v)) : v, baseParams, encodedQuery)),
      ),
      // (Never fc.filter here: a body without fields would make it loop forever.)
      w(
        1,
        fc
          .constantFrom(...(fieldPaths.length ? fieldPaths : [[] as Path]))
          .map((p) =>
            build('missing field', p.length ? setAt(baseBody, p, (o, k) => (Array.isArray(o) ? o.splice(Number(k), 1) : delete o[k])) : undefined, baseParams, encodedQuery),
          ),
      ),
      w(
        2,
        fc
          .tuple(objectAt, fc.oneof(fc.constantFrom('__proto__', 'constructor', 'a\u0000b', 'x\ud800', 'unknownField'), fc.string({ maxLength: 12 })), nastyValue)
          .map(([p, k, v]) => {
            const target = p.reduce<unknown>((o, key) => (o as Record<string | number, unknown>)[key], baseBody);
            const object = target && typeof target === 'object' && !Array.isArray(target);
            const body = object ? setAt(baseBody, p, (o, key) => (o[key] = { ...(o[key] as object), [k]: v })) : baseBody;
            const extended = object && p.length === 0 ? { ...(baseBody as object), [k]: v } : body;
            return build('extra field', extended, baseParams, encodedQuery);
          }),
      ),
    );
  } else if (op.method !== 'GET') {
    variants.push(
      w(
        1,
        nastyValue.map((v) => build('unexpected body', { surprise: v }, baseParams, encodedQuery)),
      ),
    );
  }
  if (queryParams.length) {
    variants.push(
      w(
        4,
        fc
          .tuple(fc.constantFrom(...queryParams.map((p) => p.name)), nastyValue)
          .map(([name, v]) => build('bad query', baseBody, baseParams, { ...encodedQuery, [name]: urlText(v) })),
      ),
      w(
        1,
        fc
          .constantFrom('%', '%zz', '%ED%A0%80', '%00', 'a[b]=1', 'a[0]=1&a[1]=2')
          .map((raw) => build('broken query', baseBody, baseParams, { ...encodedQuery, [queryParams[0].name]: raw })),
      ),
    );
  }
  variants.push(
    w(
      1,
      nastyValue.map((v) => build('unknown query', baseBody, baseParams, { ...encodedQuery, surprise: urlText(v) })),
    ),
  );
  if (pathParams.length) {
    variants.push(
      w(
        3,
        fc
          .tuple(fc.constantFrom(...pathParams.map((p) => p.name)), fc.oneof(poison, nastyString, fc.constantFrom('%ED%A0%80', '%00', '%', '..')))
          .map(([name, v]) => build('bad path parameter', baseBody, { ...baseParams, [name]: v.startsWith('%') || v === '..' ? v : urlText(v) }, encodedQuery)),
      ),
    );
  }
  variants.push(
    w(
      1,
      fc.constantFrom(...BAD_HEADERS).map((h) => build('bad header', baseBody ?? (op.method === 'GET' ? undefined : {}), baseParams, encodedQuery, h)),
    ),
  );
  return fc.oneof(...variants);
}

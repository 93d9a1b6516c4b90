/**
 * The global input guard: refuses, with a 400 that says what is wrong, input that
 * no route can store or walk safely. PostgreSQL rejects NUL characters in text and
 * jsonb (22021/22P05) and unpaired UTF-16 surrogates (22P02); deeply nested JSON
 * overflows the stack of any recursive walk; `__proto__` and `constructor` keys are
 * prototype-pollution attempts. Checking all of it once, at the edge, means no route
 * has to remember it and nothing half-valid reaches a command.
 *
 * The JSON body parser is ours: it measures nesting on the raw text (iteratively,
 * before anything recursive runs), then parses, then walks every key and string
 * iteratively. Query strings, path params and the headers we use as keys are checked
 * in an early hook.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../kernel/decider.ts';

export const MAX_DEPTH = 32;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Headers whose values we store or use as keys (idempotency, checkpoints). */
const KEY_HEADERS = ['idempotency-key', 'x-after-checkpoint'];

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** Why a string cannot be stored, or null when it is fine. */
export function badString(s: string): string | null {
  if (s.includes('\u0000')) return 'contains a NUL character (\\u0000), which is not allowed';
  if (LONE_SURROGATE.test(s)) return 'contains an unpaired surrogate (invalid Unicode), which is not allowed';
  return null;
}

/** Makes any text safe to use as a database key (rate-limit buckets built from input). */
export function safeKey(s: string): string {
  return s.replace(LONE_SURROGATES, '\uFFFD').replaceAll('\u0000', '\uFFFD');
}

/** The deepest nesting of arrays/objects in JSON text, counted without recursion or parsing. */
export function jsonDepth(text: string, stopAt = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) max = depth;
      if (max > stopAt) return max;
    } else if (c === 93 || c === 125) depth--;
  }
  return max;
}

const pathOf = (base: string, key: string | number) => (typeof key === 'number' ? `${base}[${key}]` : base ? `${base}.${key}` : key);

/**
 * Walks a parsed value iteratively and throws a 400 on the first bad key, string or
 * nesting depth. `where` names the part of the request (body, query, params).
 */
export function assertSafeValue(value: unknown, where: string): void {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: where, depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      const why = badString(v);
      if (why) throw new DomainError(400, `${path} ${why}.`);
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= MAX_DEPTH) throw new DomainError(400, `${where} is nested too deeply (more than ${MAX_DEPTH} levels).`);
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: pathOf(path, i), depth: depth + 1 });
      continue;
    }
    for (const key of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(key)) throw new DomainError(400, `The field name "${key}" is not allowed (in ${path}).`);
      const why = badString(key);
      if (why) throw new DomainError(400, `A field name in ${path} ${why}.`);
      stack.push({ v: (v as Record<string, unknown>)[key], path: pathOf(path, key), depth: depth + 1 });
    }
  }
}

export function parseJsonBody(text: string): unknown {
  if (jsonDepth(text, MAX_DEPTH) > MAX_DEPTH) throw new DomainError(400, `The request body is nested too deeply (more than ${MAX_DEPTH} levels).`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new DomainError(400, 'The request body is not valid JSON.');
  }
  assertSafeValue(value, 'body');
  return value;
}

function checkRequest(req: FastifyRequest): void {
  assertSafeValue(req.params, 'params');
  assertSafeValue(req.query, 'query');
  for (const h of KEY_HEADERS) {
    const v = req.headers[h];
    if (v === undefined) continue;
    for (const s of [v].flat()) {
      const why = badString(s);
      if (why) throw new DomainError(400, `The ${h} header ${why}.`);
    }
  }
}

export function installInputGuard(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = body as string;
    if (text.trim() === '') {
      const err = Object.assign(new Error('empty body'), { statusCode: 400, code: 'FST_ERR_CTP_EMPTY_JSON_BODY' });
      return done(err, undefined);
    }
    try {
      done(null, parseJsonBody(text));
    } catch (e) {
      done(e as Error, undefined);
    }
  });
  // onRequest runs before authentication, rate limits and idempotency keys touch the
  // database with anything from the request.
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify waits for done() on a hook that returns no promise
  app.addHook('onRequest', async (req) => checkRequest(req));
}

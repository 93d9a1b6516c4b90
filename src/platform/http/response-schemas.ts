/**
 * Building blocks of the routes' response schemas. A response schema is what Fastify
 * serialises with (fast-json-stringify): a property it does not declare is dropped and
 * a value of another type is coerced, so each one describes exactly what a route sends.
 */
import { Type, type SchemaOptions, type TSchema, type TUnsafe } from '@sinclair/typebox';

export const Nullable = <T extends TSchema>(t: T, options?: SchemaOptions) => Type.Union([t, Type.Null()], options);

/** The store position a command appended at, for X-After-Checkpoint; null when nothing was written. */
export const Checkpoint = Nullable(Type.String({ description: 'Send back as X-After-Checkpoint to read your write; null when nothing changed.' }));

/**
 * A string from a fixed list. Documented as `enum` on a plain string (not a union of
 * literals), so serialising never depends on the value being one of them.
 */
export const StringEnum = <T extends string>(values: readonly T[], options: { description?: string } = {}): TUnsafe<T> =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });

/** Every 4xx/5xx answer: `{ error }` with the spec's text, and a machine-readable `code` where one exists. */
export const ErrorOut = Type.Object({ error: Type.String(), code: Type.Optional(Type.String()) });

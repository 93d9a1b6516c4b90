/** Payload cleaning (empty strings, nulls and undefineds dropped). */

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const isEmpty = (value: unknown): boolean => value === '' || value === null || value === undefined;

/**
 * Deep copy of a payload without empty strings, nulls and undefineds, in plain
 * objects and arrays alike. Zero, false and empty containers are kept. Other
 * objects (dates, class instances) are passed through untouched.
 */
export function stripEmpty<T>(value: T): T {
  if (Array.isArray(value)) {
    return (value as unknown[]).filter((item) => !isEmpty(item)).map((item) => stripEmpty(item)) as T;
  }
  if (isPlainObject(value)) {
    // fromEntries defines own properties, so a "__proto__" key stays a plain key.
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => !isEmpty(item))
        .map(([key, item]) => [key, stripEmpty(item)]),
    ) as T;
  }
  return value;
}

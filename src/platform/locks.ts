/**
 * Advisory-lock namespaces of the projection machinery (first key; the second is
 * hashtext(projection name)). One list, so the CLI's status reads the same numbers.
 */
/** Held by the process that runs (owns) a projection. */
export const OWNERSHIP_LOCK = 7321002;
/** Held for the whole of a rebuild, so two rebuilds of one projection cannot overlap. */
export const REBUILD_LOCK = 7321006;

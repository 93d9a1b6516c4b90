/**
 * How far the server's JavaScript heap may grow past what survived its last full
 * collection before V8 collects again. V8's own heuristics let it grow up to about four
 * times that when the program allocates fast, and a burst of work allocates fast: on
 * the scale bench's store (bench/README.md, issue 28), 20 template assignments to 40
 * athletes (12,800 workouts decided, appended, projected) took the heap to 331 MB used
 * and the process to 560 MB resident, though 111 MB survived the next full collection.
 *
 * Capping the growth at half of what survived keeps the resident set near the live
 * data, at the price of more frequent full collections (most of their marking runs on
 * V8's helper threads). Called once by the process that runs the server, before it
 * starts: it is a setting of the whole process, so the server module does not set it
 * on whoever imports it (tests, benchmarks).
 */
import v8 from 'node:v8';

export const HEAP_GROWING_PERCENT = 50;

export function boundHeapGrowth(percent = HEAP_GROWING_PERCENT): void {
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}

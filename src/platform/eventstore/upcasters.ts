/**
 * Upcasters turn an event stored in an older shape into the current one on read, so
 * deciders and projections only ever see the newest schema version of each type.
 * Register one per (type, fromVersion) when an event's data changes shape.
 */
import type { StoredEvent } from './port.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each upcaster declares the old payload shape it reads; `unknown` would reject those typed parameters
type Upcaster = (data: any) => unknown;

/** By event type, then by the schema version each upcaster reads (every event read passes here: no string is built for a type that has none). */
const upcasters = new Map<string, Map<number, Upcaster>>();

export function registerUpcaster(type: string, fromVersion: number, fn: Upcaster): void {
  let byVersion = upcasters.get(type);
  if (!byVersion) upcasters.set(type, (byVersion = new Map<number, Upcaster>()));
  byVersion.set(fromVersion, fn);
}

export function upcast(event: StoredEvent): StoredEvent {
  const byVersion = upcasters.get(event.type);
  if (!byVersion) return event;
  let current = event;
  for (let fn = byVersion.get(current.schemaVersion); fn; fn = byVersion.get(current.schemaVersion)) {
    current = { ...current, data: fn(current.data), schemaVersion: current.schemaVersion + 1 };
  }
  return current;
}

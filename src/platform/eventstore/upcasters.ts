/**
 * Upcasters turn an event stored in an older shape into the current one on read, so
 * deciders and projections only ever see the newest schema version of each type.
 * Register one per (type, fromVersion) when an event's data changes shape.
 */
import type { StoredEvent } from './port.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each upcaster declares the old payload shape it reads; `unknown` would reject those typed parameters
type Upcaster = (data: any) => unknown;

const upcasters = new Map<string, Upcaster>();

export function registerUpcaster(type: string, fromVersion: number, fn: Upcaster): void {
  upcasters.set(`${type}@${fromVersion}`, fn);
}

export function upcast(event: StoredEvent): StoredEvent {
  let current = event;
  for (let fn = upcasters.get(`${current.type}@${current.schemaVersion}`); fn; fn = upcasters.get(`${current.type}@${current.schemaVersion}`)) {
    current = { ...current, data: fn(current.data), schemaVersion: current.schemaVersion + 1 };
  }
  return current;
}

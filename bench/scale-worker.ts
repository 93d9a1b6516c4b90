/**
 * A worker thread of `bench:scale`'s generation: decides the units it is sent through
 * the real deciders (scale-generate.ts), seals their personal fields with the real
 * PersonalDataCodec (the keys were made in personal_data_keys by the parent and
 * come with workerData) and posts them back as COPY text rows.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PersonalDataCodec, type KeyRing, type SubjectKey } from '../src/platform/eventstore/personal-data.ts';
import { copyChunk, decideUnit, unitContext, type Unit, type UnitResult } from './scale-generate.ts';

const { today, startMs, samplesPerUnit, keys } = workerData as { today: string; startMs: number; samplesPerUnit: number; keys: [string, string, Uint8Array][] };
const ring = new Map<string, SubjectKey>(keys.map(([s, kid, key]) => [s, { kid, key: Buffer.from(key) }]));
/** The parent's keys, as the store's KeyRing would answer them. */
const keyRing = {
  keysFor(subjects: Iterable<string>): Promise<Map<string, SubjectKey>> {
    const found = new Map<string, SubjectKey>();
    for (const s of subjects) {
      const k = ring.get(s);
      if (!k) return Promise.reject(new Error(`no key made for subject ${s}`));
      found.set(s, k);
    }
    return Promise.resolve(found);
  },
} as unknown as KeyRing;
const codec = new PersonalDataCodec(keyRing);
const ctx = unitContext(today, startMs);

parentPort!.on('message', ({ index, unit }: { index: number; unit: Unit }) => {
  void (async () => {
    const streams = decideUnit(unit, ctx);
    const sealed = await codec.encode(streams.flatMap((s) => s.events));
    const chunk = copyChunk(streams, sealed);
    const step = Math.max(1, Math.floor(streams.length / samplesPerUnit));
    const sample = streams.filter((_, i) => i % step === 0).slice(0, samplesPerUnit);
    const result: UnitResult = { index, chunk, events: sealed.length, sample };
    // A small Buffer shares Node's pool: only a chunk that owns its memory is moved rather than copied.
    const owns = chunk.byteOffset === 0 && chunk.buffer.byteLength === chunk.byteLength;
    parentPort!.postMessage(result, owns ? [chunk.buffer as ArrayBuffer] : []);
  })().catch((e: unknown) => {
    // Ends the worker with the error, which the parent's 'error' handler reports.
    setImmediate(() => {
      throw e;
    });
  });
});

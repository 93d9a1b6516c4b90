/**
 * UUID version 7 (RFC 9562 §5.7): 48 bits of Unix time in milliseconds, the version
 * nibble 7, 12 bits `rand_a`, the variant bits 10, 62 bits `rand_b`. Ids made later
 * sort later as strings, so an IndexedDB store keyed by them lists in the order made.
 *
 * Within one millisecond `rand_a` is a counter (RFC 9562 §6.2, method 1) seeded at
 * random, so ids made in the same millisecond still sort in the order made; when the
 * counter would overflow, or the clock steps back, the time is taken one millisecond
 * past the last id's, so no id ever sorts before an earlier one.
 */
let lastMs = -1;
let counter = 0;

export function uuidv7(now: number = Date.now()): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let ms = Math.floor(now);
  if (ms > lastMs) {
    // A fresh millisecond: start the counter low enough in its range to leave room.
    counter = ((bytes[6] & 0x07) << 8) | bytes[7];
  } else {
    counter++;
    ms = lastMs;
    if (counter > 0xfff) {
      ms = lastMs + 1;
      counter = 0;
    }
  }
  lastMs = ms;
  // 48-bit big-endian milliseconds (beyond 2^32, so no bitwise arithmetic on the whole).
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

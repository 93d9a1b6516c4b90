/**
 * Draws the app icons of the web app manifest (web/public/icons/*.png) from the
 * favicon's shapes: an indigo tile with a white dumbbell. Only Node's built-in
 * modules: rounded rectangles, 4×4 supersampled, written as RGBA PNGs.
 * The PNGs are committed; run `npx tsx web/build/draw-icons.ts` after changing this.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

type Rect = { x: number; y: number; w: number; h: number; r: number };
type Rgba = [number, number, number, number];

const BRAND: Rgba = [0x4f, 0x46, 0xe5, 255];
const WHITE: Rgba = [255, 255, 255, 255];
/** The dumbbell of web/public/favicon.svg, on its 32×32 grid. */
const DUMBBELL: Rect[] = [
  { x: 5, y: 11, w: 3, h: 10, r: 1.2 },
  { x: 9, y: 8.5, w: 3.5, h: 15, r: 1.4 },
  { x: 19.5, y: 8.5, w: 3.5, h: 15, r: 1.4 },
  { x: 24, y: 11, w: 3, h: 10, r: 1.2 },
  { x: 12.5, y: 14.75, w: 7, h: 2.5, r: 1 },
];

function inside(rect: Rect, px: number, py: number): boolean {
  if (px < rect.x || px > rect.x + rect.w || py < rect.y || py > rect.y + rect.h) return false;
  const cx = Math.min(Math.max(px, rect.x + rect.r), rect.x + rect.w - rect.r);
  const cy = Math.min(Math.max(py, rect.y + rect.r), rect.y + rect.h - rect.r);
  return (px - cx) ** 2 + (py - cy) ** 2 <= rect.r ** 2;
}

/**
 * `tile`: the background shape (a rounded tile, or the full square for maskable and
 * Apple icons, which the platform crops). `scale` shrinks the dumbbell about the
 * centre: a maskable icon keeps it inside the safe zone (the centre circle of 80%).
 */
function draw(size: number, tile: Rect, scale: number): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const unit = size / 32;
  const n = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const px = (x + (sx + 0.5) / n) / unit;
          const py = (y + (sy + 0.5) / n) / unit;
          if (!inside(tile, px, py)) continue;
          bg++;
          const qx = 16 + (px - 16) / scale;
          const qy = 16 + (py - 16) / scale;
          if (DUMBBELL.some((r) => inside(r, qx, qy))) fg++;
        }
      }
      const o = (y * size + x) * 4;
      const total = n * n;
      for (let c = 0; c < 3; c++) pixels[o + c] = bg === 0 ? 0 : Math.round((BRAND[c] * (bg - fg) + WHITE[c] * fg) / bg);
      pixels[o + 3] = Math.round((255 * bg) / total);
    }
  }
  return png(size, pixels);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const rounded: Rect = { x: 0, y: 0, w: 32, h: 32, r: 8 };
const square: Rect = { x: 0, y: 0, w: 32, h: 32, r: 0 };
const outDir = fileURLToPath(new URL('../public/icons', import.meta.url));
fs.mkdirSync(outDir, { recursive: true });
const icons: [string, Buffer][] = [
  ['icon-192.png', draw(192, rounded, 1)],
  ['icon-512.png', draw(512, rounded, 1)],
  ['maskable-512.png', draw(512, square, 0.72)],
  ['apple-touch-icon.png', draw(180, square, 0.8)],
];
for (const [name, data] of icons) {
  fs.writeFileSync(path.join(outDir, name), data);
  console.log(`${name}: ${data.length} bytes`);
}

/**
 * How the dashboard and the API travel: pre-compressed assets with the encoding the
 * browser asked for, hashed assets cached for a year, index.html revalidated, and
 * large API answers compressed. Needs the built dashboard (`npm run build:web`).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

/** A raw GET (fetch would undo the encoding): status, headers and body bytes. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

function mainScript(): string {
  const html = fs.readFileSync(path.join('web', 'dist', 'index.html'), 'utf8');
  const src = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('index.html names no module script');
  return src;
}

describe('web delivery', () => {
  it('sends a hashed script brotli-compressed, cached for a year', async () => {
    const script = mainScript();
    const res = await rawGet(t.url + script, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = fs.readFileSync(path.join('web', 'dist', script));
    expect(zlib.brotliDecompressSync(res.body).equals(plain)).toBe(true);
    expect(res.body.length).toBeLessThan(plain.length / 2);
  });

  it('sends gzip to a client that only takes gzip, and plain bytes to one that takes none', async () => {
    const script = mainScript();
    const plain = fs.readFileSync(path.join('web', 'dist', script));
    const gz = await rawGet(t.url + script, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(plain)).toBe(true);
    const none = await rawGet(t.url + script, {});
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.equals(plain)).toBe(true);
  });

  it('answers a page route with index.html that the browser must revalidate', async () => {
    for (const page of ['/', '/signin', '/calendar']) {
      const res = await rawGet(t.url + page, { 'accept-encoding': 'br, gzip' });
      expect(res.status, page).toBe(200);
      expect(res.headers['cache-control'], page).toBe('no-cache');
      const html = res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.body) : res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(res.body) : res.body;
      expect(html.toString()).toContain('<div id="root"></div>');
    }
  });

  it('compresses a large API answer and leaves a small one plain', async () => {
    const big = await rawGet(t.url + '/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(big.body).toString()).paths).toBeTypeOf('object');
    const small = await rawGet(t.url + '/api/no-such-thing', { 'accept-encoding': 'gzip' });
    expect(small.status).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ error: 'No route GET /api/no-such-thing' });
  });
});

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy next to every text asset of the
 * build, so the server sends compressed files without compressing on each request
 * (@fastify/static `preCompressed`). Last, it stamps the build with the sources'
 * fingerprint, so `npm start` knows it need not build again.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { sourceHash, stampFile } from './source-hash.ts';

const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
// Smaller files gain nothing worth a second file.
const minBytes = 512;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : [full];
  });
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'spotter-precompress',
    apply: 'build',
    // After the service worker is written (vite-plugin-pwa's closeBundle is 'post' too).
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!compressible.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < minBytes) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
      fs.writeFileSync(stampFile, sourceHash() + '\n');
    },
  };
}

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { precompress } from './build/precompress.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
/** The one server module the dashboard may import (pure code: rules, types, topics). */
const sharedModule = fileURLToPath(new URL('../src/shared/index.ts', import.meta.url));

/** Where the Fastify server listens during development. */
const apiTarget = process.env.SPOTTER_API_URL ?? 'http://localhost:3000';

// `/api` carries both HTTP calls and the realtime websocket (`/api/realtime`).
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiTarget, changeOrigin: true, ws: true },
};

export default defineConfig({
  root: webRoot,
  plugins: [react(), precompress()],
  resolve: { alias: { '@shared': sharedModule } },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});

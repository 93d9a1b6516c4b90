import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroups } from './build/chunk-groups.ts';
import { precompress } from './build/precompress.ts';
import { routePreloads } from './build/route-preloads.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
/** The one server module the dashboard may import (pure code: rules, types, topics). */
const kernelModule = fileURLToPath(new URL('../src/kernel/index.ts', import.meta.url));

/** Where the Fastify server listens during development. */
const apiTarget = process.env.SPOTTER_API_URL ?? 'http://localhost:3000';

// `/api` carries both HTTP calls and the realtime websocket (`/api/realtime`).
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: apiTarget, changeOrigin: true, ws: true },
};

/**
 * The installable app (gym mode): a manifest and a Workbox service worker that
 * precaches the app shell and answers every page navigation with index.html, so
 * My Training opens with no signal. API answers are never cached here: the athlete's
 * data lives in IndexedDB (web/src/lib/offline). A new version waits ('prompt') until
 * the user presses Reload or moves to another page (web/src/lib/app-update.ts).
 */
const pwa = VitePWA({
  registerType: 'prompt',
  // Registered by web/src/lib/app-update.ts through virtual:pwa-register.
  injectRegister: false,
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: 'Spotter',
    short_name: 'Spotter',
    description: 'Plan, assign and follow strength training; log your sets in the gym, even with no signal.',
    start_url: '/training',
    scope: '/',
    display: 'standalone',
    // The brand indigo for the title bar; the light page background while it opens.
    theme_color: '#4f46e5',
    background_color: '#f4f6fb',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The shell: every script, style and page of the build (the manifest, its icons and
    // includeAssets come on their own). Not the .br/.gz copies nor source maps.
    globPatterns: ['**/*.{js,css,html}'],
    navigateFallback: 'index.html',
    // /api is the server's, never the shell (and its answers are not cached at all).
    navigateFallbackDenylist: [/^\/api\//],
    // The first version takes the page at once; later ones wait for the prompt.
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    // Charts are large; the shell must still be complete offline.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    // Web Push: the `push` and `notificationclick` handlers (web/public/push-sw.js),
    // loaded into the generated service worker.
    importScripts: ['/push-sw.js'],
  },
});

const chunks = chunkGroups();

export default defineConfig({
  root: webRoot,
  // precompress last: it also compresses the service worker and the manifest.
  plugins: [react(), pwa, chunks.plugin, routePreloads(), precompress()],
  resolve: { alias: { '@kernel': kernelModule } },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // No <link rel=modulepreload> per file of a lazy page: inserting them was a long
    // task on a phone, and a page's files import each other one level deep anyway.
    modulePreload: false,
    cssCodeSplit: false,
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});

/**
 * New versions of the app, without reloading under the user. The service worker
 * (vite-plugin-pwa, registerType 'prompt') installs a new version in the background
 * and lets it wait; the page then offers "Update available — Reload", and otherwise
 * takes the new version on the next move to another page, as a full page load of
 * that page (nothing typed is lost: the user is leaving the page anyway, and writes
 * wait in the outbox).
 */
import { useSyncExternalStore } from 'react';
import { registerSW } from 'virtual:pwa-register';

/** How often an open app asks the server for a new version. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

let available = false;
/** This tab asked the new version to take over, and loads this address when it has. */
let loadWhenReady: string | null = null;
/** Another tab let the new version take over: this one loads afresh on its next move. */
let takenOver = false;
let activate: ((reloadPage?: boolean) => Promise<void>) | null = null;
const listeners = new Set<() => void>();

function setAvailable(value: boolean): void {
  available = value;
  for (const listener of listeners) listener();
}

/** Registers the service worker once (the shell then works offline). */
export function startAppUpdates(): void {
  if (activate || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  activate = registerSW({
    immediate: true,
    onNeedRefresh: () => setAvailable(true),
    // The new version controls the page now (this tab's Reload, or another tab's).
    onNeedReload: () => {
      if (loadWhenReady) window.location.assign(loadWhenReady);
      else takenOver = true;
    },
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => {});
      }, CHECK_EVERY_MS);
    },
    onRegisterError: (error: unknown) => console.warn('The service worker could not be registered.', error),
  });
}

/** Takes the waiting version now and loads `href` (by default this page) with it. */
export function applyUpdate(href: string = window.location.href): void {
  if (takenOver) {
    window.location.assign(href);
    return;
  }
  if (!available || !activate) return;
  loadWhenReady = href;
  void activate(true);
}

/** On a move to another page: take a waiting version there, as a full page load. */
export function updateOnNavigation(href: string): void {
  if (available || takenOver) applyUpdate(href);
}

export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => available,
    () => false,
  );
}

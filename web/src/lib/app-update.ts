/**
 * New versions of the app, without reloading under the user. The service worker
 * (vite-plugin-pwa, registerType 'prompt') installs a new version in the background
 * and lets it wait; the page then offers "Update available — Reload", and otherwise
 * takes the new version once the user has moved to another page, by loading that
 * page afresh (nothing typed is lost: the user left the page it was typed on, and
 * writes wait in the outbox).
 */
import { useSyncExternalStore } from 'react';
import { registerSW } from 'virtual:pwa-register';

/** How often an open app asks the server for a new version. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

let available = false;
/** This tab asked the new version to take over, and loads the page afresh when it has. */
let requested = false;
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
  // A new version controls the page now: this tab asked for it (load the page afresh),
  // or another tab did (load afresh on the next move; this page's lazy parts are gone
  // from the new version's cache). The first version taking an uncontrolled page
  // (clientsClaim) changes nothing here.
  const hadController = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (requested) reloadUnlessTyping();
    else if (hadController || available) takenOver = true;
  });
  activate = registerSW({
    // On the window's load event, not at once: installing precaches the whole app, which
    // must not compete with the first page's own requests on a phone's connection.
    immediate: false,
    onNeedRefresh: () => setAvailable(true),
    // Never reload under the user: the listener above decides.
    onNeedReload: () => {},
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => {});
      }, CHECK_EVERY_MS);
    },
    onRegisterError: (error: unknown) => console.warn('The service worker could not be registered.', error),
  });
}

/** Takes the waiting version now and loads this page afresh with it. */
export function applyUpdate(): void {
  if (takenOver) {
    window.location.reload();
    return;
  }
  if (!available || !activate || requested) return;
  requested = true;
  void activate(true);
  // Tell the waiting version directly too, and load afresh even if the switch is slow
  // to be announced: the next load is the new version's once it has been told to take over.
  void navigator.serviceWorker.getRegistration().then((registration) => registration?.waiting?.postMessage({ type: 'SKIP_WAITING' }));
  setTimeout(reloadUnlessTyping, 3000);
}

/** Someone is filling in a field: a reload now would lose what they typed. */
function typing(): boolean {
  const el = document.activeElement;
  return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || (el instanceof HTMLElement && el.isContentEditable);
}

/** Loads the page afresh with the new version, or, while the user types, on their next move. */
function reloadUnlessTyping(): void {
  if (!requested) return;
  if (!typing()) {
    window.location.reload();
    return;
  }
  requested = false;
  takenOver = true;
}

/**
 * After a move to another page (called once the router has shown it: a full load
 * started while the router still changes the address would be cancelled by it).
 */
export function updateOnNavigation(): void {
  if (available || takenOver) applyUpdate();
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

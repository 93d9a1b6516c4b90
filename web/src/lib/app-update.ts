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
/** How long a tab that asked waits for the switch before it loads afresh anyway (see applyUpdate). */
const SWITCH_WAIT_MS = 1000;
/** How often one request asks the new version to take over (each page it lands on under the old version asks again). */
const MAX_ASKS = 3;
/** How long a page that started loading afresh may still be here before it starts again. */
const RELOAD_STUCK_MS = 5000;
/** A request older than this is over, whatever became of it. */
const REQUEST_LIFETIME_MS = 60 * 1000;
/** This tab's request to take the new version, { at, asks }, kept across the loads it takes. */
const REQUEST_KEY = 'spotter:update-request';

let available = false;
/** This tab asked the new version to take over, and loads the page afresh to get it. */
let requested = false;
/** This page was loaded to take a new version, and may still be the old one (see applyUpdate). */
let continuing = false;
/** Another tab let the new version take over: this one loads afresh on its next move. */
let takenOver = false;
let reloadWatch: ReturnType<typeof setTimeout> | undefined;
let registered = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Registers the service worker once (the shell then works offline). */
export function startAppUpdates(): void {
  if (registered || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  registered = true;
  continuing = readRequest() !== null;
  // However it went, a request ends: later versions then wait for the user again.
  if (continuing) {
    setTimeout(() => {
      continuing = false;
      notify();
    }, REQUEST_LIFETIME_MS);
  }
  // A new version controls the page now. If this tab asked (or this page was loaded to
  // take it, under the old version), load afresh to run it. If another tab let it, load
  // afresh on the next move (this page's lazy parts are gone from the new version's
  // cache). The first version taking an uncontrolled page (clientsClaim) changes nothing.
  const hadController = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // Loading afresh already: that navigation may be the one the switch holds up.
    if (reloadWatch !== undefined) reloadAfresh();
    else if (requested || continuing) reloadUnlessTyping();
    else if (hadController || available) takenOver = true;
  });
  registerSW({
    // On the window's load event, not at once: installing precaches the whole app, which
    // must not compete with the first page's own requests on a phone's connection.
    immediate: false,
    onNeedRefresh: () => {
      available = true;
      notify();
      // Loaded to take the new version, and it still waits: ask again.
      if (continuing) applyUpdate();
    },
    // Never reload under the user: applyUpdate and the listener above decide when.
    onNeedReload: () => {},
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      // The page runs the newest version: a request that brought it here is done.
      if (!registration.waiting && !registration.installing && registration.active === navigator.serviceWorker.controller) {
        continuing = false;
        forgetRequest();
        notify();
      }
      setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => {});
      }, CHECK_EVERY_MS);
    },
    onRegisterError: (error: unknown) => console.warn('The service worker could not be registered.', error),
  });
}

/**
 * Takes the waiting version now and loads this page afresh with it.
 *
 * Told to skip waiting, the new version usually takes over at once (`controllerchange`),
 * and the page then loads afresh under it. But once the page has changed its address
 * within itself (every link in the app does), Chromium often defers the switch until the
 * page navigates, and that navigation is served by the old version, or at times waits on
 * the switch for good (reloadAfresh starts it again). Measured in tests/gym-mode.e2e: about
 * half the requests after a move within the page were deferred. So the page
 * loads afresh after SWITCH_WAIT_MS anyway, and the page it lands on carries the request
 * on (REQUEST_KEY): it asks again while the new version waits, and loads afresh once more
 * when the switch comes; it asks at most MAX_ASKS times in all.
 */
export function applyUpdate(): void {
  if (takenOver) {
    window.location.reload();
    return;
  }
  if (!available || !registered || requested) return;
  const request = readRequest() ?? { at: Date.now(), asks: 0 };
  if (request.asks >= MAX_ASKS) {
    // It did not take: leave the prompt for the user rather than load again and again.
    continuing = false;
    forgetRequest();
    notify();
    return;
  }
  saveRequest({ at: request.at, asks: request.asks + 1 });
  requested = true;
  notify();
  void navigator.serviceWorker.getRegistration().then((registration) => registration?.waiting?.postMessage({ type: 'SKIP_WAITING' }));
  setTimeout(reloadUnlessTyping, SWITCH_WAIT_MS);
}

interface UpdateRequest {
  at: number;
  asks: number;
}

function readRequest(): UpdateRequest | null {
  try {
    const request = JSON.parse(sessionStorage.getItem(REQUEST_KEY) ?? 'null') as { at?: unknown; asks?: unknown } | null;
    if (request && typeof request.at === 'number' && typeof request.asks === 'number' && Date.now() - request.at < REQUEST_LIFETIME_MS) {
      return { at: request.at, asks: request.asks };
    }
  } catch {
    // Unreadable, or storage blocked: no request.
  }
  return null;
}

// Where storage is blocked, a request lasts one load: the prompt stays for the user.
function saveRequest(request: UpdateRequest): void {
  try {
    sessionStorage.setItem(REQUEST_KEY, JSON.stringify(request));
  } catch {
    // Blocked: see above.
  }
}

function forgetRequest(): void {
  try {
    sessionStorage.removeItem(REQUEST_KEY);
  } catch {
    // Blocked: nothing was kept.
  }
}

/** Someone is filling in a field: a reload now would lose what they typed. */
function typing(): boolean {
  const el = document.activeElement;
  return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || (el instanceof HTMLElement && el.isContentEditable);
}

/** Loads the page afresh with the new version, or, while the user types, on their next move. */
function reloadUnlessTyping(): void {
  if (reloadWatch !== undefined || !(requested || continuing)) return;
  if (!typing()) {
    reloadAfresh();
    return;
  }
  requested = false;
  continuing = false;
  takenOver = true;
  notify();
}

/**
 * Loads the page afresh, and again if this page is still here after RELOAD_STUCK_MS or
 * when the switch comes meanwhile. A navigation that starts a deferred switch (applyUpdate)
 * can wait on that switch for ever in Chromium; a new one, started once the switch is
 * under way, is served by the new version. A load that commits ends this page and its timer.
 */
function reloadAfresh(): void {
  clearTimeout(reloadWatch);
  reloadWatch = setTimeout(reloadAfresh, RELOAD_STUCK_MS);
  window.location.reload();
}

/**
 * After a move to another page (called once the router has shown it: a full load
 * started while the router still changes the address would be cancelled by it).
 */
export function updateOnNavigation(): void {
  if (available || takenOver) applyUpdate();
}

/** A new version waits, and this tab has not asked for it yet: offer it. */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => available && !requested && !continuing,
    () => false,
  );
}

/*
 * Web Push in the service worker (loaded by the Workbox worker through importScripts,
 * see web/vite.config.ts). The server sends `{ title, body, url, kind, tag }`,
 * encrypted for this browser; a push with the tag of one already shown replaces it.
 * A click opens the page the push names, in a Spotter window already open if there is one.
 */
/* eslint-env serviceworker */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Spotter';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: typeof data.url === 'string' ? data.url : '/training' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only pages of this app: a path, resolved against the worker's own origin.
  let target = new URL('/training', self.location.origin);
  try {
    const wanted = new URL(event.notification.data?.url ?? '/training', self.location.origin);
    if (wanted.origin === self.location.origin) target = wanted;
  } catch {
    // A malformed url: the training page.
  }
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        const moved = 'navigate' in open ? await open.navigate(target.href).catch(() => null) : null;
        return (moved ?? open).focus();
      }
      return self.clients.openWindow(target.href);
    }),
  );
});

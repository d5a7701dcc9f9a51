/*
 * Heliograph's web push service worker (docs/notifications.md): shows an alarm notification the server pushed
 * and opens the console's notice centre when it is clicked. Nothing else: no caching, no fetch handler.
 */
self.addEventListener('push', (event) => {
  let data = { title: 'Heliograph', body: '', url: '/notice' };
  try {
    if (event.data) data = { ...data, ...event.data.json() };
  } catch {
    if (event.data) data.body = event.data.text();
  }
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: data.body,
      icon: '/icon-192.png',
      tag: 'heliograph-alarm',
      renotify: true,
      data: { url: data.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/notice', self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((wins) => {
      for (const w of wins) {
        if (new URL(w.url).origin === url.origin && 'focus' in w) {
          w.navigate(url.href);
          return w.focus();
        }
      }
      return self.clients.openWindow(url.href);
    }),
  );
});

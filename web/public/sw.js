// CamWatch service worker. Registered at start-up (core.md §1); shows web push messages (core.md §3:
// to, body.event, dateTime) as notifications and opens the right page when one is clicked.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The push's JSON ({ to, dateTime, body: { event, title, text, url, … } }), or null when unreadable. */
function readPush(event) {
  if (!event.data) return null;
  try {
    const message = event.data.json();
    return message && typeof message === 'object' && message.body && typeof message.body === 'object'
      ? message
      : null;
  } catch {
    return null;
  }
}

/** The time of the event in the reader's locale, e.g. 2026/11/21 9:30:00. */
function formatDateTime(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString();
}

/** Only our own pages: a push can never send a click to another site. */
function sameOriginUrl(url) {
  try {
    const target = new URL(typeof url === 'string' ? url : '/notification', self.location.origin);
    return target.origin === self.location.origin
      ? target.href
      : new URL('/notification', self.location.origin).href;
  } catch {
    return new URL('/notification', self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  const message = readPush(event);
  const body = message ? message.body : { event: 'announcement', title: 'CamWatch', text: '' };
  const when = message ? formatDateTime(message.dateTime) : '';
  const title = typeof body.title === 'string' && body.title ? body.title : 'CamWatch';
  const text = [typeof body.text === 'string' ? body.text : '', when].filter(Boolean).join('\n');
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, {
        body: text,
        icon: '/favicon.svg',
        // One notification per stored notification; a camera's later news replaces its older one.
        tag: body.camera_code
          ? `${body.event}:${body.camera_code}`
          : `${body.event}:${body.notificationId ?? ''}`,
        timestamp: message ? Date.parse(message.dateTime) || Date.now() : Date.now(),
        data: { url: sameOriginUrl(body.url), event: body.event },
      }),
      // Open tabs refresh their notification counts (the bell does not poll while push is on).
      self.clients
        .matchAll({ type: 'window', includeUncontrolled: true })
        .then((clients) =>
          clients.forEach((client) => client.postMessage({ type: 'push', event: body.event })),
        ),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameOriginUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (clients) => {
      // A download link is opened as it is; a page of the app reuses an open tab when there is one.
      const isDownload = new URL(url).pathname.startsWith('/api/');
      const tab = clients.find((client) => new URL(client.url).origin === self.location.origin);
      if (tab && !isDownload) {
        const focused = await tab.focus();
        return (focused || tab).navigate(url).catch(() => self.clients.openWindow(url));
      }
      return self.clients.openWindow(url);
    }),
  );
});

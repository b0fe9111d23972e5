// CamWatch service worker. Registered at start-up (core.md §1); web push handling arrives with notifications.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

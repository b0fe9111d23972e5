// Tenancy matrix entries of the account-wide calls: sign-in and the session, tags, locations, notifications,
// feedback and debug, child users, the audit log.
import { testBrowser } from '../helpers/push-receiver.ts';
import { FORGED, GET, send, type MatrixEntry } from './matrix-requests.ts';

export const accountMatrix: Record<string, MatrixEntry> = {
  // Sign-in, the session and the caller's own account.
  'GET /api/auth/me': { scope: 'own', requests: () => [GET('/api/auth/me')], parent: 200 },
  'POST /api/auth/login': {
    scope: 'no-tenant-data',
    requests: ({ owner }) => [
      send('POST', '/api/auth/login', { email: owner.parentEmail, password: 'not-the-password-1' }),
    ],
    parent: 401,
  },
  'POST /api/auth/logout': {
    scope: 'own',
    requests: () => [send('POST', '/api/auth/logout')],
    parent: 200,
    endsSession: true,
  },
  'POST /api/auth/checklogin': {
    scope: 'own',
    requests: () => [send('POST', '/api/auth/checklogin', {})],
    parent: 200,
  },
  'GET /api/auth/appkey': { scope: 'own', requests: () => [GET('/api/auth/appkey')], parent: 200 },
  'POST /api/auth/appkey': {
    scope: 'own',
    requests: () => [send('POST', '/api/auth/appkey', { name: 'outsider key' })],
    parent: 200,
    child: 403,
  },
  'DELETE /api/auth/appkey': {
    scope: 'foreign-id',
    requests: ({ owner }) => [send('DELETE', '/api/auth/appkey', { id: owner.appKeyId })],
    parent: 404,
    child: 403,
  },
  'PUT /api/auth/devauth': {
    scope: 'own',
    requests: () => [send('PUT', '/api/auth/devauth', { enabled: false })],
    parent: 200,
    child: 403,
  },
  'PUT /api/auth/password': {
    scope: 'own',
    requests: () => [
      send('PUT', '/api/auth/password', {
        currentPassword: 'not-the-password-1',
        newPassword: 'new-pass-12345',
      }),
    ],
    parent: 400,
  },
  'GET /api/settings/env': {
    scope: 'no-tenant-data',
    requests: () => [GET('/api/settings/env')],
    parent: 200,
  },
  'POST /api/password/reset_request': {
    scope: 'no-tenant-data',
    requests: ({ owner }) => [
      {
        ...send('POST', '/api/password/reset_request', {
          email: owner.parentEmail,
          return_url: 'http://localhost:8080/password_reissue',
        }),
        headers: { host: 'localhost:8080' },
      },
    ],
    parent: 200,
  },
  'POST /api/password/reset': {
    scope: 'no-tenant-data',
    requests: () => [send('POST', '/api/password/reset', { token: FORGED, password: 'new-pass-12345' })],
    parent: 400,
  },

  // Tags.
  'GET /api/cameratags': { scope: 'own', requests: () => [GET('/api/cameratags')], parent: 200 },
  'POST /api/cameratags': {
    scope: 'own',
    // A new name each time: the parent and the child share their customer's tag names.
    requests: () => [send('POST', '/api/cameratags', { tag_name: `outsider tag ${Math.random()}` })],
    parent: 200,
  },
  'PUT /api/cameratags/:tag_code': {
    scope: 'foreign-id',
    requests: ({ owner }) => [send('PUT', `/api/cameratags/${owner.tagCode}`, { tag_name: 'taken over' })],
    parent: 404,
  },
  'DELETE /api/cameratags/:tag_code': {
    scope: 'foreign-id',
    requests: ({ owner }) => [send('DELETE', `/api/cameratags/${owner.tagCode}`)],
    parent: 404,
  },
  'POST /api/cameratags/assign': {
    scope: 'foreign-id',
    requests: ({ owner, outsider }) => [
      // The owner's camera with the outsider's tag, and the outsider's camera with the owner's tag.
      send('POST', '/api/cameratags/assign', {
        camera_code: [owner.cameraCode],
        set_tag_code: [outsider.tagCode],
      }),
      send('POST', '/api/cameratags/assign', {
        camera_code: [outsider.cameraCode],
        set_tag_code: [owner.tagCode],
      }),
    ],
    parent: 404,
  },

  // Locations and the map.
  'GET /api/locations/area': { scope: 'own', requests: () => [GET('/api/locations/area')], parent: 200 },
  'GET /api/locations/city': { scope: 'own', requests: () => [GET('/api/locations/city')], parent: 200 },
  'GET /api/locations/range': {
    scope: 'own',
    requests: () => [GET('/api/locations/range?lat_min=-90&lat_max=90&lng_min=-180&lng_max=180')],
    parent: 200,
  },
  'GET /api/locations/:location_code': {
    scope: 'foreign-id',
    requests: ({ owner }) => [GET(`/api/locations/${owner.locationCode}`)],
    parent: 404,
  },
  'GET /api/weather/:date/:time/:type': {
    scope: 'no-tenant-data',
    requests: () => [GET('/api/weather/2026-01-01/09:00/warning')],
    parent: 404,
  },

  // Notifications and web push.
  'GET /api/notifications': { scope: 'own', requests: () => [GET('/api/notifications')], parent: 200 },
  'GET /api/notifications/read': {
    scope: 'own',
    requests: () => [GET('/api/notifications/read')],
    parent: 200,
  },
  'PUT /api/notifications/read/:event': {
    scope: 'own',
    requests: () => [send('PUT', '/api/notifications/read/motion')],
    parent: 200,
  },
  'GET /api/notifications/vapid': {
    scope: 'no-tenant-data',
    requests: () => [GET('/api/notifications/vapid')],
    parent: 200,
  },
  'POST /api/notifications/subscription': {
    scope: 'own',
    requests: () => [
      send(
        'POST',
        '/api/notifications/subscription',
        testBrowser('https://push.example/outsider').subscription,
      ),
    ],
    parent: 200,
  },
  'DELETE /api/notifications/subscription': {
    scope: 'foreign-id',
    requests: ({ owner }) => [
      send('DELETE', '/api/notifications/subscription', { endpoint: owner.pushEndpoint }),
    ],
    parent: 404,
  },

  // Feedback, client errors, debug and releases.
  'POST /api/feedback': {
    scope: 'own',
    requests: () => [send('POST', '/api/feedback', { message: 'from the matrix' })],
    parent: 200,
  },
  'POST /api/client-errors': {
    scope: 'own',
    requests: () => [send('POST', '/api/client-errors', { message: 'matrix', url: '/x' })],
    parent: 200,
  },
  'GET /api/debug/environment': {
    scope: 'own',
    requests: () => [GET('/api/debug/environment')],
    parent: 200,
    child: 403,
  },
  'GET /api/debug/mail-outbox': {
    scope: 'own',
    requests: () => [GET('/api/debug/mail-outbox')],
    parent: 200,
    child: 403,
  },
  'GET /api/debug/client-errors': {
    scope: 'own',
    requests: () => [GET('/api/debug/client-errors')],
    parent: 200,
    child: 403,
  },
  'GET /api/releases': { scope: 'no-tenant-data', requests: () => [GET('/api/releases')], parent: 200 },

  // Child users.
  'GET /api/childusers': { scope: 'own', requests: () => [GET('/api/childusers')], parent: 200, child: 403 },
  'PUT /api/childusers/:userId': {
    scope: 'foreign-id',
    requests: ({ owner }) => [send('PUT', `/api/childusers/${owner.childId}`, { locked: true })],
    parent: 404,
    child: 403,
  },
  'DELETE /api/childusers/:userId/appkey': {
    scope: 'foreign-id',
    requests: ({ owner }) => [send('DELETE', `/api/childusers/${owner.childId}/appkey`)],
    parent: 404,
    child: 403,
  },

  // The audit log: filters naming the owner's user or camera find nothing of theirs.
  'GET /api/audit-log': {
    scope: 'own',
    requests: ({ owner }) => [
      GET('/api/audit-log'),
      GET(`/api/audit-log?camera_code=${owner.cameraCode}`),
      GET(`/api/audit-log?user_id=${owner.childId}`),
    ],
    parent: 200,
    child: 403,
  },
  'GET /api/audit-log/csv': {
    scope: 'own',
    requests: ({ owner }) => [GET(`/api/audit-log/csv?camera_code=${owner.cameraCode}`)],
    parent: 200,
    child: 403,
  },
  'GET /api/audit-log/options': {
    scope: 'own',
    requests: () => [GET('/api/audit-log/options')],
    parent: 200,
    child: 403,
  },
};

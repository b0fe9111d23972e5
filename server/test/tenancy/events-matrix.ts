// Tenancy matrix entries of the events page (issue 22): the list names the owner's camera, tag or site (not
// found, whatever the rights: the list needs none); the unreviewed count and the reviewed marks act on the
// caller's own customer and marks only (another customer's event ids are ignored; the route test shows a foreign
// through_id is not found).
import { GET, send, type MatrixEntry } from './matrix-requests.ts';

export const eventsMatrix: Record<string, MatrixEntry> = {
  'GET /api/events': {
    scope: 'foreign-id',
    requests: ({ owner }) => [
      GET(`/api/events?camera[]=${owner.cameraCode}`),
      GET(`/api/events?tag=${owner.tagCode}`),
      GET(`/api/events?location=${owner.locationCode}`),
    ],
    parent: 404,
  },
  'GET /api/events/filters': {
    scope: 'own',
    requests: () => [GET('/api/events/filters')],
    parent: 200,
  },
  'GET /api/events/unreviewed-count': {
    scope: 'own',
    requests: () => [GET('/api/events/unreviewed-count')],
    parent: 200,
  },
  'POST /api/events/reviewed': {
    scope: 'own',
    requests: () => [send('POST', '/api/events/reviewed', { ids: ['1', '2', '3'] })],
    parent: 200,
  },
};

// HTTP for the events page (issue 22): GET api/events (a keyset page, filtered), GET api/events/filters (what it
// can be filtered by), GET api/events/unreviewed-count
// and POST api/events/reviewed (the caller's reviewed marks).
import {
  eventFilterOptionsCall,
  eventListCall,
  eventMarkReviewedCall,
  eventUnreviewedCountCall,
} from '@camwatch/contract/events';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { CameraEventService } from './camera-event.service.ts';

export function registerCameraEventRoutes(ctx: ServeContext, events: CameraEventService): void {
  serve(ctx, eventListCall, async ({ auth, query }) => ({ data: await events.list(auth, query) }));
  serve(ctx, eventFilterOptionsCall, async ({ auth }) => ({ data: await events.filterOptions(auth) }));
  serve(ctx, eventUnreviewedCountCall, async ({ auth }) => ({
    data: { count: await events.unreviewedCount(auth) },
  }));
  serve(ctx, eventMarkReviewedCall, async ({ auth, body }) => ({
    data: await events.markReviewed(auth, body),
  }));
}

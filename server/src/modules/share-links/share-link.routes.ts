// HTTP for shareable clip links: make, list and revoke (signed in), and the public calls a link's page makes
// without an account (what it shows, its clips, its file). Public lookups are rate-limited per client address like
// sign-in; each opening of a link is an audit event of the link's customer with the viewer's address.
import {
  publicShareCall,
  publicShareClipCall,
  publicShareDownloadCall,
  shareLinkCreateCall,
  shareLinkListCall,
  shareLinkRevokeCall,
} from '@camwatch/contract/share-links';
import type { FastifyRequest } from 'fastify';
import { clientOf } from '../../http/audit-actor.ts';
import { serve, type ServeContext } from '../../http/serve.ts';
import { sendBlob, sendUnsatisfiable } from '../media/media-reply.ts';
import type { OpenLink, ShareLinkService } from './share-link.service.ts';

export interface ShareLinkRouteOptions {
  /** Public lookups (a link's page, its file) per client address and minute; its clips may be asked ten times as often. */
  perMinute: number;
}

/** A revoked link's clips must stop at once: nothing keeps a copy. */
const NO_STORE = 'private, no-store';

export function registerShareLinkRoutes(
  ctx: ServeContext,
  links: ShareLinkService,
  { perMinute }: ShareLinkRouteOptions,
): void {
  const limited = (max: number) => ({ config: { rateLimit: { max, timeWindow: 60_000 } } });

  serve(ctx, shareLinkCreateCall, async ({ auth, params, body, record }) => {
    const { shareLink, url, downloadId } = await links.create(auth, params.camera_code, body);
    await record({
      kind: 'share_link_created',
      cameraCode: shareLink.camera_code,
      cameraName: shareLink.camera_name,
      target: shareLink.share_link_id,
      detail: {
        from: shareLink.start_datetime,
        to: shareLink.end_datetime,
        expires_at: shareLink.expires_at,
        allow_download: shareLink.allow_download,
        download_id: downloadId,
      },
    });
    return { data: { share_link: shareLink, url } };
  });

  serve(ctx, shareLinkListCall, async ({ auth }) => ({
    data: { share_links: await links.listMine(auth) },
  }));

  serve(ctx, shareLinkRevokeCall, async ({ auth, params, record }) => {
    const shareLink = await links.revoke(auth, params.share_link_id);
    await record({
      kind: 'share_link_revoked',
      cameraCode: shareLink.camera_code,
      cameraName: shareLink.camera_name,
      target: shareLink.share_link_id,
      detail: { from: shareLink.start_datetime, to: shareLink.end_datetime },
    });
    return { data: { share_link: shareLink } };
  });

  /** An opening of the link by someone without an account: recorded for the link's customer. */
  const recordView = (link: OpenLink, request: FastifyRequest, what: 'page' | 'download') =>
    ctx.audit.record(
      { customerId: link.customer_id, userId: null, email: null, ...clientOf(request), via: 'api' },
      {
        kind: 'share_link_viewed',
        cameraCode: link.camera_code,
        cameraName: link.camera_name,
        target: String(link.id),
        detail: {
          what,
          from: link.start_time.toISOString(),
          to: link.end_time.toISOString(),
          created_by: link.created_by,
        },
      },
    );

  serve(
    ctx,
    publicShareCall,
    async ({ params, raw }, reply) => {
      const { link, range } = await links.view(params.token);
      await recordView(link, raw, 'page');
      void reply.header('cache-control', 'no-store');
      return { data: range };
    },
    limited(perMinute),
  );

  serve(
    ctx,
    publicShareClipCall,
    async ({ params, raw }, reply) => {
      const opened = await links.clip(params.token, params.clip_id, raw.headers.range);
      if (opened.kind === 'unsatisfiable') return sendUnsatisfiable(reply, opened.size);
      return sendBlob(reply, opened.read, { filename: null, cacheControl: NO_STORE });
    },
    limited(perMinute * 10),
  );

  serve(
    ctx,
    publicShareDownloadCall,
    async ({ params, raw }, reply) => {
      const { link, opened, filename } = await links.download(params.token, raw.headers.range);
      if (opened.kind === 'unsatisfiable') return sendUnsatisfiable(reply, opened.size);
      // A download resumed by ranges is one download: only its first request is recorded.
      if (!raw.headers.range || /^bytes=0-/.test(raw.headers.range)) await recordView(link, raw, 'download');
      return sendBlob(reply, opened.read, { filename, cacheControl: NO_STORE });
    },
    limited(perMinute),
  );
}

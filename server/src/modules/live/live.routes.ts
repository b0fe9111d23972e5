// HTTP for live video and camera control: live start, the live image address, PTZ and lighting.
import {
  lightingCall,
  ptzCall,
  ptzPresetGotoCall,
  ptzPresetSaveCall,
  ptzPresetsCall,
} from '@camwatch/contract/camera-control';
import { liveImageCall, liveStartCall } from '@camwatch/contract/live';
import { serve, type ServeContext } from '../../http/serve.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { CommandOutcome } from '../../realtime/agent-hub.ts';
import type { LiveService } from './live.service.ts';

/** A live view renewed (every 60 s by the player) within this long stays one audit event. */
const LIVE_VIEW_WINDOW_MS = 5 * 60_000;

const failed = (outcome: Extract<CommandOutcome, { ok: false }>) => ({
  result: 'failed' as const,
  data: { reason: outcome.code },
});

export function registerLiveRoutes(ctx: ServeContext, live: LiveService): void {
  serve(ctx, liveStartCall, async ({ auth, params, record }) => {
    const started = await live.start(auth, params.camera_code);
    await record(
      { kind: 'live_viewed', cameraCode: params.camera_code, detail: { via: 'images' } },
      { scope: params.camera_code, windowMs: LIVE_VIEW_WINDOW_MS },
    );
    return { data: started };
  });

  serve(ctx, liveImageCall, async ({ auth, params, query }, reply) => {
    const still = await live.image(auth, params.camera_code, query.after);
    reply.header('Cache-Control', 'no-store');
    if (!still) {
      if (query.after !== undefined) return reply.code(304).send();
      throw new NotFoundError('live image', 'No live image has arrived from this camera yet.');
    }
    return reply
      .header('Last-Modified', new Date(still.receivedAt).toUTCString())
      .header('X-Frame-Time', String(still.receivedAt))
      .header('X-Captured-At', String(still.capturedAt))
      .header('Access-Control-Expose-Headers', 'Last-Modified, X-Frame-Time, X-Captured-At')
      .type('image/jpeg')
      .send(still.data);
  });

  serve(ctx, ptzCall, async ({ auth, params, body, record }) => {
    const outcome = await live.ptz(auth, params.camera_code, body);
    if (!outcome.ok) return failed(outcome);
    if (!outcome.ptz) return { result: 'failed' as const, data: { reason: 'failed' as const } };
    // Each press of an arrow is a call: one event per user and camera while they keep steering.
    await record(
      { kind: 'camera_controlled', cameraCode: params.camera_code, detail: { control: 'ptz' } },
      { scope: `${params.camera_code}:ptz`, windowMs: LIVE_VIEW_WINDOW_MS },
    );
    return { data: { ptz: outcome.ptz } };
  });

  serve(ctx, ptzPresetsCall, async ({ auth, params }) => {
    const outcome = await live.presets(auth, params.camera_code);
    if (!outcome.ok) return failed(outcome);
    if (!outcome.presets) return { result: 'failed' as const, data: { reason: 'failed' as const } };
    return { data: { presets: outcome.presets } };
  });

  serve(ctx, ptzPresetSaveCall, async ({ auth, params, body, record }) => {
    const outcome = await live.savePreset(auth, params.camera_code, body);
    if (!outcome.ok) return failed(outcome);
    if (outcome.presetToken === undefined)
      return { result: 'failed' as const, data: { reason: 'failed' as const } };
    await record({
      kind: 'camera_controlled',
      cameraCode: params.camera_code,
      detail: { control: 'ptz', preset_saved: outcome.presetToken },
    });
    return { data: { preset: { token: outcome.presetToken, name: body.name } } };
  });

  serve(ctx, ptzPresetGotoCall, async ({ auth, params, record }) => {
    const outcome = await live.gotoPreset(auth, params.camera_code, params.token);
    if (!outcome.ok) return failed(outcome);
    if (!outcome.ptz) return { result: 'failed' as const, data: { reason: 'failed' as const } };
    await record(
      { kind: 'camera_controlled', cameraCode: params.camera_code, detail: { control: 'ptz' } },
      { scope: `${params.camera_code}:ptz`, windowMs: LIVE_VIEW_WINDOW_MS },
    );
    return { data: { ptz: outcome.ptz } };
  });

  serve(ctx, lightingCall, async ({ auth, params, body, record }) => {
    const outcome = await live.lighting(auth, params.camera_code, body.on);
    if (!outcome.ok) return failed(outcome);
    await record({
      kind: 'camera_controlled',
      cameraCode: params.camera_code,
      detail: { control: 'lighting', on: outcome.lighting ?? body.on },
    });
    return { data: { lighting: outcome.lighting ?? body.on } };
  });
}

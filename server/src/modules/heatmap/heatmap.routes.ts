// HTTP for the heat map: a camera's heat over a period.
import { heatmapCameraCall } from '@camwatch/contract/heatmap';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { HeatmapService } from './heatmap.service.ts';

export function registerHeatmapRoutes(ctx: ServeContext, heatmaps: HeatmapService): void {
  serve(ctx, heatmapCameraCall, async ({ auth, params, query }) => ({
    data: await heatmaps.cameraHeatmap(auth, params.cameraCode, query),
  }));
}

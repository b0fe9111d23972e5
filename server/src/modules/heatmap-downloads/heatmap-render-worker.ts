// The worker thread that draws heat map images (heatmap-renderer.ts starts it): a batch of hundreds of PNGs is
// a minute of CPU, which would otherwise hold up the server's requests between images. Each camera's picture
// arrives once and is kept by its key, so its decoded, scaled form is reused (heatmap-image.ts caches by bytes).
import { parentPort } from 'node:worker_threads';
import { renderHeatmapImage } from './heatmap-image.ts';
import type { RenderReply, RenderRequest } from './heatmap-renderer.ts';

/** Pictures kept at most (a batch has up to ten cameras). */
const KEPT_PICTURES = 32;
const pictures = new Map<string, Uint8Array | null>();

parentPort!.on('message', (request: RenderRequest) => {
  let reply: RenderReply;
  try {
    if (request.pictureKey !== null && request.picture !== undefined) {
      if (pictures.size >= KEPT_PICTURES) pictures.clear();
      pictures.set(request.pictureKey, request.picture);
    }
    const picture = request.pictureKey === null ? null : (pictures.get(request.pictureKey) ?? null);
    const png = renderHeatmapImage({ picture, cells: request.cells, max: request.max, lines: request.lines });
    // A copy of its own, so the buffer can be handed over instead of copied again.
    const data = new Uint8Array(png);
    reply = { id: request.id, png: data };
    parentPort!.postMessage(reply, [data.buffer]);
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    parentPort!.postMessage(reply);
  }
});

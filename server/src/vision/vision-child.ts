// The vision engine's own process (started by vision-process.ts): it answers analysis requests sent over the IPC
// channel one at a time. It runs apart from the server so a detector pass (tens of milliseconds of WebAssembly
// that cannot be interrupted) never holds up the API's event loop, and under `nice` so it only takes the CPU the
// API and the recorders leave.
import { analyzeVideo, type AnalysedPictureOf } from './analyze.ts';
import type { VisionRequest, VisionResponse } from './vision-process.ts';

function send(message: VisionResponse): void {
  process.send?.(message);
}

let queue: Promise<void> = Promise.resolve();

process.on('message', (message: VisionRequest) => {
  queue = queue.then(async () => {
    try {
      const pictures: AnalysedPictureOf[] | undefined = message.pictures ? [] : undefined;
      const result = await analyzeVideo(message.file, message.options, {
        idPrefix: message.idPrefix,
        state: message.state ?? undefined,
        ffmpegPath: message.ffmpegPath,
        ffprobePath: message.ffprobePath,
        // Asked for (operation analysis): each picture's people, without their appearance (not sent).
        onFrame: pictures
          ? (frame, detections) =>
              pictures.push({
                t: frame.t,
                detections:
                  detections?.map(({ box, score, keypoints }) => ({ box, score, keypoints })) ?? null,
              })
          : undefined,
      });
      send({ id: message.id, ok: true, result: pictures ? { ...result, pictures } : result });
    } catch (error) {
      send({
        id: message.id,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
        decodeError: error instanceof Error && error.name === 'DecodeError',
      });
    }
  });
});

// The parent went away: nothing left to answer.
process.on('disconnect', () => process.exit(0));
send({ id: 0, ok: true, ready: true });

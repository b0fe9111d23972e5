// How frames that the agent makes itself (the simulator) reach the recorder: the feeder calls the sink
// with each frame and its capture time; the sink answers false when it dropped the frame (ffmpeg busy).
import type { FrameFormat } from '../ffmpeg/ffmpeg-args.ts';

export type FrameSink = (frame: Buffer, capturedAt: number) => boolean;

export interface FrameFeeder {
  start(format: FrameFormat, sink: FrameSink): void;
  stop(): void;
}

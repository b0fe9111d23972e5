// Entry detection fed by the vision engine: each analysed clip of a camera with entry detection (TLT modes) has its
// person tracks handed to EnterAlertService.detectEntries, which keeps its own hand-over between clips
// (clips.enter_alert_state), so nothing is handed on here.
import type { Track } from '../../vision/types.ts';
import { visionAnalysisOptions } from '../../vision/vision-settings.ts';
import type { AnalysedClip, TracksConsumer } from '../vision/vision.service.ts';
import type { EnterAlertService } from './enter-alert.service.ts';

export class EntryTracksConsumer implements TracksConsumer {
  readonly name = 'entry';

  constructor(private readonly enterAlerts: Pick<EnterAlertService, 'detectEntries'>) {}

  async consume(clip: AnalysedClip, tracks: Track[]): Promise<null> {
    if (!clip.useEnterAlert) return null;
    // detectEntries takes times from the clip piece's start; the engine's are seconds of the minute.
    const shift = clip.offsetMs / 1000;
    await this.enterAlerts.detectEntries({
      clipId: clip.id,
      tracks: tracks.map((track) => ({
        ...track,
        points: track.points.map((point) => ({ ...point, t: point.t - shift })),
      })),
      fps: visionAnalysisOptions().fps,
    });
    return null;
  }
}

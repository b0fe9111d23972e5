// Entry detection fed by the vision engine: each analysed clip of a camera with entry detection (TLT modes) has its
// person tracks handed to EnterAlertService.detectEntries, which keeps its own hand-over between clips
// (clips.enter_alert_state), so nothing is handed on here.
import type { Track } from '../../vision/types.ts';
import { visionAnalysisOptions } from '../../vision/vision-settings.ts';
import type { AnalysedClip, TracksConsumer } from '../vision/vision.service.ts';
import type { EnterAlertService } from './entry-detection.service.ts';

export class EntryTracksConsumer implements TracksConsumer {
  readonly name = 'entry';

  constructor(private readonly enterAlerts: Pick<EnterAlertService, 'detectEntries'>) {}

  async consume(clip: AnalysedClip, tracks: Track[]): Promise<null> {
    if (!clip.useEnterAlert) return null;
    // As handed: point times in seconds of the clip's minute (detectEntries places a late piece itself).
    await this.enterAlerts.detectEntries({ clipId: clip.id, tracks, fps: visionAnalysisOptions().fps });
    return null;
  }
}

// The heat map fed by the vision engine (advanced.md heat map): for each analysed clip of a camera with the
// heatmap function, where each tracked person's feet stood, as person-seconds per cell (vision/heat-grid.ts),
// stored for the clip and summed into its hour (heatmap.repository.ts). Idempotent: a clip analysed again
// replaces its grid and its hour is summed anew. A clip where nobody was seen still counts as an analysed hour
// (an empty heat map then means "nobody", not "not analysed"). Nothing is handed on to the next clip: each
// clip's tracks hold only that clip's points.
import { addDwell, emptyCells } from '../../vision/heat-grid.ts';
import type { Track } from '../../vision/types.ts';
import type { AnalysedClip, TracksConsumer } from '../vision/vision.service.ts';
import type { HeatmapRepository } from './heatmap.repository.ts';

export class HeatmapAnalysis implements TracksConsumer {
  readonly name = 'heatmap';

  constructor(private readonly repo: HeatmapRepository) {}

  async consume(clip: AnalysedClip, tracks: Track[]): Promise<null> {
    if (!clip.useHeatmap) return null;
    await this.repo.replaceClip({
      clipId: clip.id,
      cameraId: clip.cameraId,
      customerId: clip.customerId,
      minute: clip.startTime,
      cells: addDwell(emptyCells(), tracks),
    });
    return null;
  }
}

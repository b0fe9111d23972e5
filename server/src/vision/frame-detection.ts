// The detector on one analysed picture, timed into the profile: on the whole picture or on enlarged crops around
// what moved and who was found last time (regions.ts), as the engine without tracking between detections
// (refreshSeconds 0) looks.
import { cpuMs, type AnalysisProfile } from './analysis-profile.ts';
import { SAMPLE_STEP } from './motion-gate.ts';
import { paddedSide, type PersonDetector } from './person-detector.ts';
import {
  cropPicture,
  cropsFor,
  fromCrop,
  movingBlobs,
  suppressDuplicates,
  type PixelBox,
} from './regions.ts';
import type { Detection, RgbFrame } from './types.ts';

/** Runs the detector on one picture (whole or a crop), counting its cost in the profile. */
export async function timedDetect(
  detector: PersonDetector,
  picture: RgbFrame,
  profile: AnalysisProfile,
): Promise<Detection[]> {
  const before = cpuMs();
  const found = await detector.detect(picture);
  profile.detectorMs += cpuMs() - before;
  profile.detectorCalls++;
  profile.detectorInputPixels += paddedSide(picture.width) * paddedSide(picture.height);
  return found;
}

/**
 * The people in one picture: on the whole picture (the first picture, or when crops would cover most of it), else
 * on enlarged crops around what moved since the previous picture and around the people found last time.
 */
export async function detectIn(
  detector: PersonDetector,
  frame: RgbFrame,
  previous: Uint8Array | null,
  grey: Uint8Array,
  tracked: readonly PixelBox[],
  useCrops: boolean,
  profile: AnalysisProfile,
): Promise<Detection[]> {
  const whole = async () => {
    profile.wholePictureCalls++;
    return timedDetect(detector, frame, profile);
  };
  if (!useCrops || previous === null) return whole();
  let mark = cpuMs();
  const cols = Math.ceil(frame.width / SAMPLE_STEP);
  const rows = Math.ceil(frame.height / SAMPLE_STEP);
  const regions = [...movingBlobs(previous, grey, cols, rows), ...tracked];
  const crops = cropsFor(regions, frame.width, frame.height);
  profile.gateMs += cpuMs() - mark;
  if (crops === null) return whole();
  const found: Detection[] = [];
  for (const crop of crops) {
    mark = cpuMs();
    const picture = cropPicture(frame, crop);
    profile.cropMs += cpuMs() - mark;
    for (const detection of await timedDetect(detector, picture, profile))
      found.push(fromCrop(detection, crop, frame.width, frame.height));
  }
  return suppressDuplicates(found);
}

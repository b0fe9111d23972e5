// Where an analysis's CPU goes: milliseconds per stage of this process (process.cpuUsage) and the detector's
// calls, reported with each analysis (AnalysisResult.profile) and summed by the benchmark.

/** CPU milliseconds per stage (this process's, measured with process.cpuUsage) and the detector's calls. */
export interface AnalysisProfile {
  /** ffmpeg's own CPU (decoding and scaling). */
  decodeMs: number;
  /** This process: reading the decoded pictures from ffmpeg's pipe. */
  readMs: number;
  /** Motion check (grey sample, difference, blobs). */
  gateMs: number;
  /** Cutting and scaling the crops. */
  cropMs: number;
  /** The detector's passes (tensor in, model, answer out). */
  detectorMs: number;
  /** Appearance descriptors. */
  describeMs: number;
  trackerMs: number;
  /** Detector passes: all, and on the whole picture. */
  detectorCalls: number;
  wholePictureCalls: number;
  /** Model input pixels over all passes (padded to multiples of 32). */
  detectorInputPixels: number;
}

/** This process's CPU time, milliseconds. */
export function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

export function emptyProfile(): AnalysisProfile {
  return {
    decodeMs: 0,
    readMs: 0,
    gateMs: 0,
    cropMs: 0,
    detectorMs: 0,
    describeMs: 0,
    trackerMs: 0,
    detectorCalls: 0,
    wholePictureCalls: 0,
    detectorInputPixels: 0,
  };
}

/** The stages' milliseconds rounded to a tenth, as reported. */
export function roundProfile(profile: AnalysisProfile): void {
  const r1 = (v: number) => Math.round(v * 10) / 10;
  for (const key of [
    'decodeMs',
    'readMs',
    'gateMs',
    'cropMs',
    'detectorMs',
    'describeMs',
    'trackerMs',
  ] as const)
    profile[key] = r1(profile[key]);
}

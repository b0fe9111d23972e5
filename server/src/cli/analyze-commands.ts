// `npm run cli -- analyze people <video-file> [--setting <json-file>] [--json]`: the vision engine on any video
// file ffmpeg reads, exactly as the worker's jobs run it (same analysis options, tracker and counting rules), so
// an operator can try a people counter setting on an exported clip. Needs no database: it runs while the
// server holds the embedded one.
import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { polygonSchema } from '@camwatch/contract/polygon';
import { analyzeVideo } from '../vision/analyze.ts';
import { countPasses } from '../vision/counting.ts';
import { DecodeError } from '../vision/decode.ts';
import { PASS_MIN_POINTS_IN_AREA, visionAnalysisOptions } from '../vision/vision-settings.ts';

export const ANALYZE_USAGE = `  analyze people <video-file> [--setting <json-file>] [--json]
                                                          (people tracked in a video, and passes when the setting
                                                          file gives entranceStartArea and entranceEndArea)`;

/** The part of a people counter setting (the PUT body, or just these two fields) the count needs. */
const settingFileSchema = z.object({
  entranceStartArea: polygonSchema,
  entranceEndArea: polygonSchema,
});

export class AnalyzeUsageError extends Error {}

export const isAnalyzeCommand = (argv: readonly string[]): boolean => argv[0] === 'analyze';

export interface PeopleAnalysis {
  file: string;
  people: number;
  in: number;
  out: number;
  tracks: { id: string; firstSec: number; lastSec: number; maxScore: number }[];
  passes: { trackId: string; inOut: 'I' | 'O'; atSec: number }[];
  frames: number;
  detectedFrames: number;
  durationSec: number;
  width: number;
  height: number;
  cpuSeconds: number;
}

async function readSetting(file: string) {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    throw new AnalyzeUsageError(`--setting: cannot read ${file}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AnalyzeUsageError(`--setting: ${file} is not JSON`);
  }
  const parsed = settingFileSchema.safeParse(json);
  if (!parsed.success)
    throw new AnalyzeUsageError(
      `--setting: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'setting'}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

export async function analyzePeople(
  file: string,
  settingFile: string | undefined,
  tools: { ffmpegPath?: string; ffprobePath?: string } = {},
): Promise<PeopleAnalysis> {
  const setting = settingFile ? await readSetting(settingFile) : null;
  try {
    await fs.access(file);
  } catch {
    throw new AnalyzeUsageError(`cannot read ${file}`);
  }
  let result;
  try {
    result = await analyzeVideo(file, visionAnalysisOptions(), { idPrefix: 't', ...tools });
  } catch (error) {
    if (error instanceof DecodeError) throw new AnalyzeUsageError(`${file}: ${error.message}`);
    throw error;
  }
  const passes = setting
    ? countPasses(
        result.tracks,
        { start: setting.entranceStartArea, end: setting.entranceEndArea },
        { minPointsInArea: PASS_MIN_POINTS_IN_AREA },
      ).passes
    : [];
  const r2 = (v: number) => Math.round(v * 100) / 100;
  return {
    file,
    people: result.tracks.length,
    in: passes.filter((p) => p.inOut === 'I').length,
    out: passes.filter((p) => p.inOut === 'O').length,
    tracks: result.tracks.map((track) => ({
      id: track.id,
      firstSec: r2(track.points[0]?.t ?? 0),
      lastSec: r2(track.points.at(-1)?.t ?? 0),
      maxScore: r2(track.maxScore),
    })),
    passes: passes.map((p) => ({ trackId: p.trackId, inOut: p.inOut, atSec: r2(p.endSec) })),
    frames: result.frames,
    detectedFrames: result.detectedFrames,
    durationSec: r2(result.durationSec),
    width: result.width,
    height: result.height,
    cpuSeconds: r2(result.cpuSeconds),
  };
}

/** Runs `analyze …`; answers the lines to print. */
export async function runAnalyzeCommand(argv: readonly string[]): Promise<string[]> {
  const { values, positionals } = parseArgs({
    args: argv.slice(1),
    options: { setting: { type: 'string' }, json: { type: 'boolean' } },
    allowPositionals: true,
  });
  const [what, file, ...rest] = positionals;
  if (what !== 'people' || !file || rest.length > 0) throw new AnalyzeUsageError(`usage:\n${ANALYZE_USAGE}`);
  const analysis = await analyzePeople(file, values.setting);
  if (values.json) return [JSON.stringify(analysis)];
  return [
    `${analysis.people} people tracked in ${analysis.durationSec} s (${analysis.frames} frames, ` +
      `detector on ${analysis.detectedFrames}), ${analysis.cpuSeconds} CPU seconds`,
    ...(values.setting ? [`in ${analysis.in}, out ${analysis.out}`] : []),
    ...analysis.tracks.map((t) => `  ${t.id}  ${t.firstSec}–${t.lastSec} s  score ${t.maxScore}`),
  ];
}

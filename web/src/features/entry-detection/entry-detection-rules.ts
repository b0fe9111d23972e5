// The rules of the entry detection screens (advanced.md §3, §5), pure: at most 5 area links a camera; a link is
// an entry detection area (required, one outline) and a machine area (optional, one outline; none when it has
// no points), a name (required, at most 50 characters, unique among the camera's links) and five thresholds
// shown in the units a person thinks in (frames, % of the picture's height, % person detection confidence, % of
// the machine area, seconds)
// and sent in the contract's (frames, shares 0..1, seconds); what changed since the last save; and where the
// server's 400 `{ errors: { field: [message] } }` belongs on the screen.
import { AREA_LINKS_MAX } from '@camwatch/contract/constants';
import {
  AREA_LINK_NAME_MAX,
  AREA_LINK_THRESHOLD_RANGES,
  DEFAULT_AREA_LINK_THRESHOLDS,
  ENTRY_ANALYSIS_FPS,
  type AreaLinkThresholdField,
  type AreaLinkThresholds,
} from '@camwatch/contract/entry-detection-rules';
import type { AreaLinkInput } from '@camwatch/contract/entry-detection';
import type { Point } from '@camwatch/contract/polygon-rules';
import { canClose } from '../../components/area-editor/area-editor-rules.ts';
import { decimalsOfInput, numberOfInput } from '../../lib/number-input.ts';

export type { AreaLinkThresholdField };

/** A camera has at most AREA_LINKS_MAX links (advanced.md §5). */
export const canAddAreaLink = (count: number): boolean => count < AREA_LINKS_MAX;

/** The two areas of a link; each at most one outline (advanced.md §5). */
export type AreaKind = 'entry' | 'machine';

export const THRESHOLD_FIELDS = [
  'detectionFrameThreshold',
  'minimumDetectionSize',
  'personDetectionThreshold',
  'runningThreshold',
  'vigilantTime',
] as const satisfies readonly AreaLinkThresholdField[];

// ── Units on screen ─────────────────────────────────────────────────────────────────────────

export interface DisplayUnit {
  /** On screen = stored × scale (a share 0..1 is shown as a percentage). */
  scale: number;
  /** Decimals a person may type on screen. */
  decimals: number;
}

export const DISPLAY_UNITS: Readonly<Record<AreaLinkThresholdField, DisplayUnit>> = {
  detectionFrameThreshold: { scale: 1, decimals: 0 },
  minimumDetectionSize: { scale: 100, decimals: 1 },
  personDetectionThreshold: { scale: 100, decimals: 0 },
  runningThreshold: { scale: 100, decimals: 1 },
  vigilantTime: { scale: 1, decimals: 0 },
};

const roundTo = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/** A stored value as shown: 0.08 → 8 (% of the picture's height). */
export function toDisplay(field: AreaLinkThresholdField, value: number): number {
  const unit = DISPLAY_UNITS[field];
  return roundTo(value * unit.scale, unit.decimals);
}

/**
 * A shown value as stored: 8.5 → 0.085. When it shows the same as `original`, the original is kept, so saving a
 * link with a finer stored value (0.0833, shown 8.3 %) does not change it.
 */
export function fromDisplay(field: AreaLinkThresholdField, shown: number, original?: number): number {
  if (original !== undefined && toDisplay(field, original) === shown) return original;
  const unit = DISPLAY_UNITS[field];
  const factor = 10 ** unit.decimals;
  return Math.round(shown * factor) / (factor * unit.scale);
}

/** The range as shown: minimum detection size 1–100 %, person detection threshold and running threshold 0–100 %. */
export function displayRange(field: AreaLinkThresholdField): { min: number; max: number; decimals: number } {
  const range = AREA_LINK_THRESHOLD_RANGES[field];
  return {
    min: toDisplay(field, range.min),
    max: toDisplay(field, range.max),
    decimals: DISPLAY_UNITS[field].decimals,
  };
}

/** How long a number of analysed frames lasts: 3 frames at 5 a second → 0.6 s. */
export const framesToSeconds = (frames: number): number => roundTo(frames / ENTRY_ANALYSIS_FPS, 1);

// ── The link being edited ───────────────────────────────────────────────────────────────────

/** What the threshold inputs hold, in screen units: a number, or the text being typed ('' when empty). */
export type ThresholdForm = Record<AreaLinkThresholdField, number | string>;

export interface AreaLinkDraft {
  areaName: string;
  entryArea: Point[];
  /** No points: no machine area (entries count at any time). */
  machineArea: Point[];
  thresholds: ThresholdForm;
}

const thresholdFormOf = (values: AreaLinkThresholds): ThresholdForm =>
  Object.fromEntries(
    THRESHOLD_FIELDS.map((field) => [field, toDisplay(field, values[field])]),
  ) as ThresholdForm;

/** The draft of a saved link, or of a new one (no areas, the default thresholds). */
export function draftOf(link: AreaLinkInput | null): AreaLinkDraft {
  if (!link)
    return {
      areaName: '',
      entryArea: [],
      machineArea: [],
      thresholds: thresholdFormOf(DEFAULT_AREA_LINK_THRESHOLDS),
    };
  return {
    areaName: link.areaName,
    entryArea: [...link.entryArea],
    machineArea: link.machineArea ? [...link.machineArea] : [],
    thresholds: thresholdFormOf(link),
  };
}

/** The default thresholds, in screen units ("reset to defaults"). */
export const defaultThresholdForm = (): ThresholdForm => thresholdFormOf(DEFAULT_AREA_LINK_THRESHOLDS);

export type NameProblem = 'required' | 'too_long' | 'duplicate';
export type AreaProblem = 'missing' | 'too_few' | 'crossing';
export type ThresholdProblem = 'required' | 'not_number' | 'integer' | 'decimals' | 'range';

export interface DraftProblems {
  areaName: NameProblem | null;
  entryArea: AreaProblem | null;
  machineArea: AreaProblem | null;
  thresholds: Record<AreaLinkThresholdField, ThresholdProblem | null>;
}

/** Names compare as the server stores them: trimmed. */
export function nameProblem(name: string, otherNames: readonly string[]): NameProblem | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'required';
  if (trimmed.length > AREA_LINK_NAME_MAX) return 'too_long';
  if (otherNames.some((other) => other.trim() === trimmed)) return 'duplicate';
  return null;
}

/** The entry detection area is required: a complete outline of 3 to 10 points whose lines do not cross. */
export function entryAreaProblem(points: readonly Point[]): AreaProblem | null {
  if (points.length === 0) return 'missing';
  if (points.length < 3) return 'too_few';
  return canClose(points) ? null : 'crossing';
}

/** The machine area is optional; once begun it must be a complete outline too. */
export const machineAreaProblem = (points: readonly Point[]): AreaProblem | null =>
  points.length === 0 ? null : entryAreaProblem(points);

/** A threshold as typed, in screen units, against the contract's range. */
export function thresholdProblem(
  field: AreaLinkThresholdField,
  value: number | string,
): ThresholdProblem | null {
  if (typeof value === 'string' && value.trim() === '') return 'required';
  const number = numberOfInput(value);
  if (number === null) return 'not_number';
  const { min, max, decimals } = displayRange(field);
  if (decimals === 0 && !Number.isInteger(number)) return 'integer';
  if (decimalsOfInput(value) > decimals) return 'decimals';
  if (number < min || number > max) return 'range';
  return null;
}

export function draftProblems(draft: AreaLinkDraft, otherNames: readonly string[]): DraftProblems {
  return {
    areaName: nameProblem(draft.areaName, otherNames),
    entryArea: entryAreaProblem(draft.entryArea),
    machineArea: machineAreaProblem(draft.machineArea),
    thresholds: Object.fromEntries(
      THRESHOLD_FIELDS.map((field) => [field, thresholdProblem(field, draft.thresholds[field])]),
    ) as DraftProblems['thresholds'],
  };
}

export const hasProblems = (problems: DraftProblems): boolean =>
  problems.areaName !== null ||
  problems.entryArea !== null ||
  problems.machineArea !== null ||
  THRESHOLD_FIELDS.some((field) => problems.thresholds[field] !== null);

/**
 * What the save call sends, or null while the draft has a problem. Thresholds shown as they were saved keep
 * their stored value (see fromDisplay).
 */
export function toInput(
  draft: AreaLinkDraft,
  otherNames: readonly string[],
  saved: AreaLinkInput | null = null,
): AreaLinkInput | null {
  if (hasProblems(draftProblems(draft, otherNames))) return null;
  const value = (field: AreaLinkThresholdField) =>
    fromDisplay(field, numberOfInput(draft.thresholds[field])!, saved?.[field]);
  return {
    areaName: draft.areaName.trim(),
    entryArea: draft.entryArea,
    machineArea: draft.machineArea.length > 0 ? draft.machineArea : null,
    detectionFrameThreshold: value('detectionFrameThreshold'),
    minimumDetectionSize: value('minimumDetectionSize'),
    personDetectionThreshold: value('personDetectionThreshold'),
    runningThreshold: value('runningThreshold'),
    vigilantTime: value('vigilantTime'),
  };
}

const samePoints = (a: readonly Point[], b: readonly Point[]) =>
  a.length === b.length && a.every((p, i) => p.x === b[i]!.x && p.y === b[i]!.y);

/** Whether the draft differs from the baseline (names compared trimmed, thresholds as numbers). */
export const draftChanged = (draft: AreaLinkDraft, baseline: AreaLinkDraft): boolean =>
  draft.areaName.trim() !== baseline.areaName.trim() ||
  !samePoints(draft.entryArea, baseline.entryArea) ||
  !samePoints(draft.machineArea, baseline.machineArea) ||
  THRESHOLD_FIELDS.some(
    (field) => numberOfInput(draft.thresholds[field]) !== numberOfInput(baseline.thresholds[field]),
  );

// ── The server's answers ────────────────────────────────────────────────────────────────────

export type ServerErrorField = 'areaName' | 'entryArea' | 'machineArea' | AreaLinkThresholdField | 'form';

const errorsOf = (body: unknown): Record<string, string[]> => {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string[]>) : {};
};

const PLACED_FIELDS: readonly string[] = ['areaName', 'entryArea', 'machineArea', ...THRESHOLD_FIELDS];

/** The server's 400, by the field it names ('entryArea.3.x' is the entry area); anything else under `form`. */
export function serverFieldErrors(body: unknown): Partial<Record<ServerErrorField, string>> {
  const placed: Partial<Record<ServerErrorField, string>> = {};
  for (const [path, messages] of Object.entries(errorsOf(body))) {
    const message = messages[0];
    if (!message) continue;
    const head = path.split('.')[0] ?? '';
    const field = (PLACED_FIELDS.includes(head) ? head : 'form') as ServerErrorField;
    placed[field] ??= message;
  }
  return placed;
}

// ── The list ────────────────────────────────────────────────────────────────────────────────

/** A link's thresholds in the words of the list (advanced.md §3), in screen units (a type: text values). */
export type ThresholdSummary = {
  frames: number;
  seconds: number;
  sizePercent: number;
  personPercent: number;
  runningPercent: number;
  vigilantSeconds: number;
};

export const thresholdSummary = (link: AreaLinkThresholds): ThresholdSummary => ({
  frames: link.detectionFrameThreshold,
  seconds: framesToSeconds(link.detectionFrameThreshold),
  sizePercent: toDisplay('minimumDetectionSize', link.minimumDetectionSize),
  personPercent: toDisplay('personDetectionThreshold', link.personDetectionThreshold),
  runningPercent: toDisplay('runningThreshold', link.runningThreshold),
  vigilantSeconds: link.vigilantTime,
});

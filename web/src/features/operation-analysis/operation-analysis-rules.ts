// The rules of the operation analysis setting screen (advanced.md §3, §5), pure: the areas being edited
// (at most 10, names required, unique and at most 50 characters, each a complete outline), the detection
// setting form (the contract's ranges, at most 2 decimals), what changed since the last save, and where the
// server's 400 `{ errors: { field: [message] } }` belongs on the screen.
import { OPERATION_AREAS_MAX } from '@camwatch/contract/constants';
import {
  DETECTION_SETTING_RANGES,
  OPERATION_AREA_NAME_MAX,
  type DetectionSettingField,
  type DetectionSettingValues,
} from '@camwatch/contract/operation-analysis-rules';
import type { Point } from '@camwatch/contract/polygon-rules';
import { canClose } from '../../components/area-editor/area-editor-rules.ts';
import { decimalsOfInput, numberOfInput } from '../../lib/number-input.ts';

export interface SavedArea {
  operationAreaName: string;
  points: Point[];
}

/** An area on the screen: a key that survives renames, its name as typed, its outline. */
export interface DraftArea {
  key: string;
  name: string;
  points: Point[];
}

let keyCounter = 0;
export const newAreaKey = (): string => `area-${++keyCounter}`;

export const toDrafts = (areas: readonly SavedArea[]): DraftArea[] =>
  areas.map((area) => ({ key: newAreaKey(), name: area.operationAreaName, points: [...area.points] }));

/** What the area-setting call sends: names trimmed (the server compares them trimmed too). */
export const toSavedAreas = (drafts: readonly DraftArea[]): SavedArea[] =>
  drafts.map((draft) => ({ operationAreaName: draft.name.trim(), points: draft.points }));

/** Whether the areas differ from the saved ones (names compared as they would be saved). */
export const areasChanged = (drafts: readonly DraftArea[], saved: readonly SavedArea[]): boolean =>
  JSON.stringify(toSavedAreas(drafts)) !== JSON.stringify(saved);

export const canAddArea = (count: number): boolean => count < OPERATION_AREAS_MAX;

/** The first free default name: `nameFor(1)`, `nameFor(2)`, … ("作業エリア1"). */
export function nextAreaName(names: readonly string[], nameFor: (n: number) => string): string {
  const taken = new Set(names.map((name) => name.trim()));
  for (let n = 1; ; n++) {
    const name = nameFor(n);
    if (!taken.has(name)) return name;
  }
}

export type AreaNameProblem = 'required' | 'too_long' | 'duplicate';
export type AreaPointsProblem = 'too_few' | 'crossing';

export interface AreaProblems {
  name: AreaNameProblem | null;
  points: AreaPointsProblem | null;
}

export function areaNameProblem(name: string, otherNames: readonly string[]): AreaNameProblem | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'required';
  if (trimmed.length > OPERATION_AREA_NAME_MAX) return 'too_long';
  if (otherNames.some((other) => other.trim() === trimmed)) return 'duplicate';
  return null;
}

export function areaPointsProblem(points: readonly Point[]): AreaPointsProblem | null {
  if (points.length < 3) return 'too_few';
  return canClose(points) ? null : 'crossing';
}

/** Each area's problems, in order. */
export const areaProblems = (drafts: readonly DraftArea[]): AreaProblems[] =>
  drafts.map((draft, index) => ({
    name: areaNameProblem(
      draft.name,
      drafts.filter((_, i) => i !== index).map((other) => other.name),
    ),
    points: areaPointsProblem(draft.points),
  }));

export const hasAreaProblems = (drafts: readonly DraftArea[]): boolean =>
  drafts.length > OPERATION_AREAS_MAX ||
  areaProblems(drafts).some((problems) => problems.name !== null || problems.points !== null);

/** The server's 400 for the area setting, placed: the list as a whole, or an area's name or outline. */
export interface AreaFieldErrors {
  list: string[];
  areas: Record<number, { name?: string; points?: string }>;
}

const errorsOf = (body: unknown): Record<string, string[]> => {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string[]>) : {};
};

export function areaFieldErrors(body: unknown): AreaFieldErrors {
  const placed: AreaFieldErrors = { list: [], areas: {} };
  for (const [field, messages] of Object.entries(errorsOf(body))) {
    const message = messages[0];
    if (!message) continue;
    const match = /^operationAreaList\.(\d+)\.(operationAreaName|points)/.exec(field);
    if (!match) {
      placed.list.push(message);
      continue;
    }
    const index = Number(match[1]);
    const area = (placed.areas[index] ??= {});
    if (match[2] === 'operationAreaName') area.name ??= message;
    else area.points ??= message;
  }
  return placed;
}

// ── Detection setting form ──────────────────────────────────────────────────────────────────

/** What the number inputs hold: a number, or the text being typed ('' when empty). */
export type DetectionForm = Record<DetectionSettingField, number | string>;

export const DETECTION_FIELDS = [
  'personDetectionTargetAreaRate',
  'detectionFrameThreshold',
  'personDetectionThreshold',
  'keypointDetectionThreshold',
] as const satisfies readonly DetectionSettingField[];

/** Rates and thresholds take at most this many decimals (core.md §5 decimal rule). */
export const DETECTION_DECIMALS = 2;

export type DetectionProblem = 'required' | 'not_number' | 'range' | 'integer' | 'decimals';

export function detectionFieldProblem(
  field: DetectionSettingField,
  value: number | string,
): DetectionProblem | null {
  if (typeof value === 'string' && value.trim() === '') return 'required';
  const number = numberOfInput(value);
  if (number === null) return 'not_number';
  const range = DETECTION_SETTING_RANGES[field];
  if (range.integer && !Number.isInteger(number)) return 'integer';
  if (!range.integer && decimalsOfInput(value) > DETECTION_DECIMALS) return 'decimals';
  if (number < range.min || number > range.max) return 'range';
  return null;
}

export const detectionProblems = (
  form: DetectionForm,
): Record<DetectionSettingField, DetectionProblem | null> =>
  Object.fromEntries(
    DETECTION_FIELDS.map((field) => [field, detectionFieldProblem(field, form[field])]),
  ) as Record<DetectionSettingField, DetectionProblem | null>;

/** The values to send, or null while any field has a problem. */
export function parseDetectionForm(form: DetectionForm): DetectionSettingValues | null {
  const values: Partial<DetectionSettingValues> = {};
  for (const field of DETECTION_FIELDS) {
    if (detectionFieldProblem(field, form[field]) !== null) return null;
    values[field] = numberOfInput(form[field])!;
  }
  return values as DetectionSettingValues;
}

export const detectionChanged = (form: DetectionForm, saved: DetectionSettingValues): boolean =>
  DETECTION_FIELDS.some((field) => numberOfInput(form[field]) !== saved[field]);

/** The server's 400 for the detection setting, by field (anything else under `form`). */
export function detectionFieldErrors(body: unknown): Partial<Record<DetectionSettingField | 'form', string>> {
  const placed: Partial<Record<DetectionSettingField | 'form', string>> = {};
  for (const [field, messages] of Object.entries(errorsOf(body))) {
    const message = messages[0];
    if (!message) continue;
    const key = (DETECTION_FIELDS as readonly string[]).includes(field)
      ? (field as DetectionSettingField)
      : 'form';
    placed[key] ??= message;
  }
  return placed;
}

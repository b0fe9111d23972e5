// Appearance descriptor of a person box: what the person wears, as colour histograms of the upper body (shirt,
// jacket) and the lower body (trousers, skirt). The tracker uses it to keep two people apart when their boxes
// cross, and the analytics compare a track's mean descriptor with stored staff descriptors to recognise the same
// clothes on another day.
//
// Why this shape:
// - Hue (split into dark and light tints) for coloured pixels, and brightness for grey ones (black, white and
//   grey clothes have no hue). A pixel is shared between the two by its saturation, so a slightly faded colour
//   does not jump from one histogram to the other.
// - Brightness is taken relative to the whole picture's mean brightness, so a camera's gain change, a cloud
//   or the lights of another day scale the person and the reference alike and the descriptor stays put.
//   Hue and saturation do not change with gain at all.
// - Each part is shrunk inside the box (no head, no feet and floor, no arms and background at the sides), and
//   every pixel is spread over the two nearest bins, so a box shifted by a few pixels gives nearly the same
//   histogram.
// - Each part is normalised to 0.5 (the whole to 1), and the distance is 1 − Bhattacharyya coefficient: 0 for
//   the same histograms, 1 for nothing in common.
// - Where two people overlap, the one behind is described without the pixels of the one in front
//   (describeDetections, mayHide), so the tracker does not take the back person for the front one.
// Cost: a part is sampled on at most 24 × 24 pixels plus ~1,000 pixels for the picture's mean brightness (once
// per frame with describeDetections or a measured FrameLighting), so a box takes some tens of microseconds
// whatever the picture's size.
import type { Detection, NormBox, RgbFrame } from './types.ts';

const HUE_BINS = 12;
/** Coloured pixels are split into dark and light tints (navy vs sky blue). */
const TINT_LEVELS = 2;
const GREY_BINS = 6;
const PART_BINS = HUE_BINS * TINT_LEVELS + GREY_BINS;
/** Upper body and lower body. */
const PARTS = 2;
export const DESCRIPTOR_LENGTH = PARTS * PART_BINS;

/** Parts of the box, as fractions of its width and height: [left, top, right, bottom]. */
const PART_REGIONS: readonly (readonly [number, number, number, number])[] = [
  [0.22, 0.16, 0.78, 0.5], // torso, below the head, inside the arms
  [0.28, 0.52, 0.72, 0.86], // legs, above the feet
];
const MAX_SAMPLES_PER_AXIS = 24;
/** describeDetections leaves a detection without descriptor below this share of visible samples. */
export const MIN_VISIBLE_SHARE = 0.3;
/** Bottoms closer than this share of a box height are at the same depth for mayHide. */
const DEPTH_MARGIN = 0.1;
/** Samples taken across the picture for its mean brightness. */
const SCENE_SAMPLES_PER_AXIS = 32;

/** Saturation below which a pixel counts as grey, and above which as fully coloured (linear in between). */
const SATURATION_GREY = 0.14;
const SATURATION_COLOUR = 0.34;
/** Below this brightness (0..255) hue is noise; the pixel counts as grey (dark). */
const DARK_VALUE = 24;
const DARK_VALUE_COLOUR = 56;
/**
 * Relative brightness (value / picture mean) covered by the grey bins; linear rather than logarithmic, so the
 * offset of a lighting change (not only its gain) moves dark pixels little; whites above it (often clipped at
 * 255 when the light goes up) share the top bin.
 */
const GREY_REL_MAX = 1.25;
/** Relative brightness at which a colour turns from the dark tint to the light one (linear in between). */
const TINT_REL_DARK = 0.4;
const TINT_REL_LIGHT = 0.9;

/** The picture's lighting as the descriptor needs it (see measureLighting). */
export interface FrameLighting {
  /** For each brightness 0..255: its position among the grey bins. */
  greyPos: Float32Array;
  /** For each brightness 0..255: its weight in the light tint (the rest goes to the dark tint). */
  tintPos: Float32Array;
}

/**
 * The appearance descriptor of the person in `box` (picture fractions) of `frame`: DESCRIPTOR_LENGTH floats
 * summing to 1. Pixels inside `occluders` (boxes of people in front) are left out. A box outside the picture, or
 * entirely hidden, gives a flat descriptor (equally far from everything). Describing several boxes of one
 * frame, measure its lighting once and pass it (it is most of the cost of a small box), or use
 * describeDetections.
 */
export function describeAppearance(
  frame: RgbFrame,
  box: NormBox,
  lighting: FrameLighting = measureLighting(frame),
  occluders: readonly NormBox[] = [],
): Float32Array {
  return describe(frame, box, lighting, occluders).descriptor;
}

/**
 * Sets the descriptor of every detection of one frame, leaving out of each the pixels of the people who may
 * stand in front of it (see mayHide), so a half-hidden person is not described by the clothes of the one in
 * front. A detection with less than MIN_VISIBLE_SHARE of its parts left gets no descriptor (it would describe
 * nothing of its own).
 */
export function describeDetections(frame: RgbFrame, detections: Detection[]): void {
  const lighting = measureLighting(frame);
  for (const detection of detections) {
    const occluders = detections
      .filter((other) => other !== detection && mayHide(other.box, detection.box))
      .map((other) => other.box);
    const { descriptor, visibleShare } = describe(frame, detection.box, lighting, occluders);
    if (visibleShare >= MIN_VISIBLE_SHARE) detection.descriptor = descriptor;
    else delete detection.descriptor;
  }
}

/**
 * Whether the person in `front` may hide part of the one in `behind`: the boxes overlap and front's bottom (the
 * feet) is not clearly higher in the picture (a camera looking down on a floor sees nearer people lower).
 * Two people at about the same depth (bottoms within a tenth of a box height, which the detector's jitter
 * cannot order) may each hide the other.
 */
export function mayHide(front: NormBox, behind: NormBox): boolean {
  const margin = DEPTH_MARGIN * Math.max(front.h, behind.h);
  return front.y + front.h > behind.y + behind.h - margin && overlaps(front, behind);
}

function describe(
  frame: RgbFrame,
  box: NormBox,
  lighting: FrameLighting,
  occluders: readonly NormBox[],
): { descriptor: Float32Array; visibleShare: number } {
  const out = new Float32Array(DESCRIPTOR_LENGTH);
  const hidden = occluders.map((o) => pixelRect(frame, o));
  let visible = 0;
  let sampled = 0;
  for (let part = 0; part < PARTS; part++) {
    const region = PART_REGIONS[part]!;
    const offset = part * PART_BINS;
    const counts = accumulatePart(frame, box, region, lighting, hidden, out, offset);
    visible += counts.visible;
    sampled += counts.sampled;
    if (counts.visible > 0) {
      for (let i = 0; i < PART_BINS; i++) out[offset + i] = (out[offset + i]! / counts.visible) * (1 / PARTS);
    } else {
      out.fill(1 / PARTS / PART_BINS, offset, offset + PART_BINS);
    }
  }
  return { descriptor: out, visibleShare: sampled > 0 ? visible / sampled : 0 };
}

/**
 * 0 for identical descriptors, 1 for descriptors with nothing in common (1 − Bhattacharyya coefficient).
 * Takes descriptors as made by describeAppearance or as stored (plain number arrays, e.g. a Track's mean).
 */
export function appearanceDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`descriptor lengths differ (${a.length} vs ${b.length})`);
  let bc = 0;
  for (let i = 0; i < a.length; i++) {
    const p = a[i]!;
    const q = b[i]!;
    if (p > 0 && q > 0) bc += Math.sqrt(p * q);
  }
  return Math.min(1, Math.max(0, 1 - bc));
}

/**
 * For each brightness 0..255: its position among the grey bins and its light-tint weight, both relative to the
 * picture's mean brightness (see the header: gain changes cancel).
 */
export function measureLighting(frame: RgbFrame): FrameLighting {
  const { width, height, data } = frame;
  const stepX = Math.max(1, Math.floor(width / SCENE_SAMPLES_PER_AXIS));
  const stepY = Math.max(1, Math.floor(height / SCENE_SAMPLES_PER_AXIS));
  let sum = 0;
  let count = 0;
  for (let y = stepY >> 1; y < height; y += stepY) {
    let i = (y * width + (stepX >> 1)) * 3;
    for (let x = stepX >> 1; x < width; x += stepX, i += stepX * 3) {
      sum += Math.max(data[i]!, data[i + 1]!, data[i + 2]!);
      count++;
    }
  }
  const reference = (count > 0 ? sum / count : 128) + 1;
  const greyPos = new Float32Array(256);
  const tintPos = new Float32Array(256);
  for (let v = 0; v < 256; v++) {
    const rel = (v + 1) / reference;
    greyPos[v] = (Math.min(GREY_REL_MAX, rel) / GREY_REL_MAX) * (GREY_BINS - 1);
    tintPos[v] = clamp01((rel - TINT_REL_DARK) / (TINT_REL_LIGHT - TINT_REL_DARK));
  }
  return { greyPos, tintPos };
}

/** Adds the region's pixels to out[offset .. offset + PART_BINS); returns the total weight added. */
function accumulatePart(
  frame: RgbFrame,
  box: NormBox,
  region: readonly [number, number, number, number],
  { greyPos, tintPos }: FrameLighting,
  hidden: readonly PixelRect[],
  out: Float32Array,
  offset: number,
): { visible: number; sampled: number } {
  const { width, height, data } = frame;
  const x0 = Math.max(0, Math.round((box.x + region[0] * box.w) * width));
  const x1 = Math.min(width, Math.round((box.x + region[2] * box.w) * width));
  const y0 = Math.max(0, Math.round((box.y + region[1] * box.h) * height));
  const y1 = Math.min(height, Math.round((box.y + region[3] * box.h) * height));
  if (x1 <= x0 || y1 <= y0) return { visible: 0, sampled: 0 };
  const stepX = Math.max(1, Math.ceil((x1 - x0) / MAX_SAMPLES_PER_AXIS));
  const stepY = Math.max(1, Math.ceil((y1 - y0) / MAX_SAMPLES_PER_AXIS));
  const greyOffset = offset + HUE_BINS * TINT_LEVELS;
  let visible = 0;
  let sampled = 0;
  for (let y = y0; y < y1; y += stepY) {
    let i = (y * width + x0) * 3;
    for (let x = x0; x < x1; x += stepX, i += stepX * 3) {
      sampled++;
      if (hidden.length > 0 && isHidden(hidden, x, y)) continue;
      const r = data[i]!;
      const g = data[i + 1]!;
      const b = data[i + 2]!;
      const max = r > g ? (r > b ? r : b) : g > b ? g : b;
      const min = r < g ? (r < b ? r : b) : g < b ? g : b;
      const chroma = max - min;
      const saturation = max > 0 ? chroma / max : 0;
      const colour =
        clamp01((saturation - SATURATION_GREY) / (SATURATION_COLOUR - SATURATION_GREY)) *
        clamp01((max - DARK_VALUE) / (DARK_VALUE_COLOUR - DARK_VALUE));
      if (colour < 1) {
        const pos = greyPos[max]!;
        const lo = Math.floor(pos);
        const frac = pos - lo;
        const w = 1 - colour;
        out[greyOffset + lo] = out[greyOffset + lo]! + w * (1 - frac);
        if (frac > 0) out[greyOffset + lo + 1] = out[greyOffset + lo + 1]! + w * frac;
      }
      if (colour > 0) {
        // Hue in [0, 6), then spread over the two nearest of the circular bins (bin k centred at k + 0.5).
        let hue: number;
        if (max === r) hue = (g - b) / chroma;
        else if (max === g) hue = 2 + (b - r) / chroma;
        else hue = 4 + (r - g) / chroma;
        if (hue < 0) hue += 6;
        const pos = (hue / 6) * HUE_BINS - 0.5;
        const lo = Math.floor(pos);
        const frac = pos - lo;
        const binLo = (lo + HUE_BINS) % HUE_BINS;
        const binHi = (lo + 1) % HUE_BINS;
        const light = tintPos[max]!;
        for (let tint = 0; tint < TINT_LEVELS; tint++) {
          const w = colour * (tint === 0 ? 1 - light : light);
          if (w === 0) continue;
          const base = offset + tint * HUE_BINS;
          out[base + binLo] = out[base + binLo]! + w * (1 - frac);
          out[base + binHi] = out[base + binHi]! + w * frac;
        }
      }
      visible++;
    }
  }
  return { visible, sampled };
}

/** Pixel columns x0..x1 and rows y0..y1 (ends excluded). */
type PixelRect = readonly [number, number, number, number];

function pixelRect(frame: RgbFrame, box: NormBox): PixelRect {
  return [
    Math.round(box.x * frame.width),
    Math.round(box.y * frame.height),
    Math.round((box.x + box.w) * frame.width),
    Math.round((box.y + box.h) * frame.height),
  ];
}

function isHidden(rects: readonly PixelRect[], x: number, y: number): boolean {
  for (const [x0, y0, x1, y1] of rects) if (x >= x0 && x < x1 && y >= y0 && y < y1) return true;
  return false;
}

function overlaps(a: NormBox, b: NormBox): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

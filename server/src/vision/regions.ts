// Where the detector looks: the cheap first stage of the vision engine. Instead of the whole picture, the detector
// is run on crops around what moved since the previous analysed picture (and around the people tracked a moment
// ago, so someone standing still stays found), each crop enlarged so a person fills a good part of the model's
// input. MoveNet finds people best when they are large in its input; a surveillance picture's people are small
// and few, so a few small crops cost less than the whole picture and find more. When the crops would cover most
// of the picture anyway, the whole picture is used. Pure (no I/O), unit-tested.
import { boxIou } from './box-geometry.ts';
import type { Detection, NormBox, RgbFrame } from './types.ts';

export interface PixelBox {
  x: number;
  y: number;
  w: number;
  h: number;
  /** This box's margin in cropsFor, instead of the options' (a tracked person's predicted box needs less). */
  margin?: number;
  /**
   * The height (picture pixels) of a person known to be in this box (a tracked person's predicted box), or of the
   * smallest one a crop holds: the crop is scaled so that person is `personSide` tall in the model's input, not
   * larger, so a tight crop around a known person costs fewer input pixels (cropPicture).
   */
  personHeight?: number;
}

export interface RegionOptions {
  /** The grey sample grid's step in picture pixels (motion-gate.ts samples every 4th pixel). */
  step: number;
  /** Grey levels a sample must move by to count as changed. */
  pixelThreshold: number;
  /** A changed blob smaller than this many samples is noise. */
  minCells: number;
  /**
   * Tracking between detections (look-schedule.ts): motion shorter than this (picture pixels) is not looked at. A
   * person the analyses need is taller; a far walker's motion grows as they come nearer. 0: every blob.
   */
  minBlobHeight: number;
  /** Margin added around a moving blob or a tracked person, as a share of its height. */
  margin: number;
  /** Margin around a tracked person's predicted box (analyze.ts, tracking between detections). */
  trackedMargin: number;
  /** Smallest crop side in picture pixels. */
  minSide: number;
  /** Above this share of the picture's area, the crops are replaced by the whole picture. */
  wholeShare: number;
  /** The crop is scaled so its longer side is at most this (model input pixels), and at most `maxScale` times. */
  targetSide: number;
  maxScale: number;
  /** A known person's height in the model's input (see PixelBox.personHeight); 0: not used. */
  personSide: number;
}

export const defaultRegionOptions: RegionOptions = {
  step: 4,
  pixelThreshold: 24,
  minCells: 3,
  minBlobHeight: 28,
  margin: 0.6,
  trackedMargin: 0.35,
  minSide: 64,
  wholeShare: 0.55,
  targetSide: 224,
  maxScale: 2,
  personSide: 80,
};

/**
 * Boxes (picture pixels) of the connected blobs of changed samples between two grey sample grids, leaving out the
 * changes inside `explained` boxes.
 */
export function movingBlobs(
  previous: Uint8Array,
  current: Uint8Array,
  cols: number,
  rows: number,
  options: RegionOptions = defaultRegionOptions,
  explained: readonly PixelBox[] = [],
): PixelBox[] {
  const changed = new Uint8Array(cols * rows);
  for (let i = 0; i < changed.length; i++)
    changed[i] = Math.abs(previous[i]! - current[i]!) > options.pixelThreshold ? 1 : 0;
  // Changes inside the explained boxes (people followed, where they were and are) are left out.
  for (const box of explained) {
    const x0 = Math.max(0, Math.ceil(box.x / options.step));
    const x1 = Math.min(cols - 1, Math.floor((box.x + box.w) / options.step));
    const y0 = Math.max(0, Math.ceil(box.y / options.step));
    const y1 = Math.min(rows - 1, Math.floor((box.y + box.h) / options.step));
    for (let y = y0; y <= y1; y++)
      changed.fill(0, y * cols + x0, x1 >= x0 ? y * cols + x1 + 1 : y * cols + x0);
  }
  // Close small gaps: a walking figure's difference is its edges and limbs, not one solid blob.
  const grown = new Uint8Array(changed.length);
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < cols; x++) {
      if (!changed[y * cols + x]) continue;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx >= 0 && ny >= 0 && nx < cols && ny < rows) grown[ny * cols + nx] = 1;
        }
    }
  const seen = new Uint8Array(changed.length);
  const blobs: PixelBox[] = [];
  const stack: number[] = [];
  for (let start = 0; start < grown.length; start++) {
    if (!grown[start] || seen[start]) continue;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    let cells = 0;
    stack.push(start);
    seen[start] = 1;
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % cols;
      const y = (i - x) / cols;
      if (changed[i]) cells++;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
      for (const n of [i - 1, i + 1, i - cols, i + cols]) {
        if (n < 0 || n >= grown.length || seen[n] || !grown[n]) continue;
        if ((n === i - 1 && x === 0) || (n === i + 1 && x === cols - 1)) continue;
        seen[n] = 1;
        stack.push(n);
      }
    }
    if (cells < options.minCells) continue;
    blobs.push({
      x: x0 * options.step,
      y: y0 * options.step,
      w: (x1 - x0 + 1) * options.step,
      h: (y1 - y0 + 1) * options.step,
    });
  }
  return blobs;
}

const overlaps = (a: PixelBox, b: PixelBox) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Both boxes' extent; a known person's height only when both hold one (the smaller: it must stay findable). */
const union = (a: PixelBox, b: PixelBox): PixelBox => {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  const box: PixelBox = {
    x,
    y,
    w: Math.max(a.x + a.w, b.x + b.w) - x,
    h: Math.max(a.y + a.h, b.y + b.h) - y,
  };
  if (a.personHeight !== undefined && b.personHeight !== undefined)
    box.personHeight = Math.min(a.personHeight, b.personHeight);
  return box;
};

/**
 * The crops to run the detector on, in picture pixels: each blob or tracked box grown by the margin (a person's
 * whole body around what moved) to at least `minSide`, clipped to the picture, overlapping crops merged. Null when
 * they would cover more than `wholeShare` of the picture (run on the whole picture instead).
 */
export function cropsFor(
  boxes: readonly PixelBox[],
  width: number,
  height: number,
  options: RegionOptions = defaultRegionOptions,
): PixelBox[] | null {
  let crops = boxes.map((box): PixelBox => {
    const pad = box.h * (box.margin ?? options.margin);
    const w = Math.max(options.minSide, box.w + 2 * pad);
    const h = Math.max(options.minSide, box.h + 2 * pad);
    const x0 = Math.max(0, Math.floor(box.x + box.w / 2 - w / 2));
    const y0 = Math.max(0, Math.floor(box.y + box.h / 2 - h / 2));
    const x1 = Math.min(width, Math.ceil(box.x + box.w / 2 + w / 2));
    const y1 = Math.min(height, Math.ceil(box.y + box.h / 2 + h / 2));
    const crop: PixelBox = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
    if (box.personHeight !== undefined) crop.personHeight = box.personHeight;
    return crop;
  });
  // Merge until no two overlap.
  for (let merged = true; merged;) {
    merged = false;
    outer: for (let i = 0; i < crops.length; i++)
      for (let j = i + 1; j < crops.length; j++)
        if (overlaps(crops[i]!, crops[j]!)) {
          crops[i] = union(crops[i]!, crops[j]!);
          crops = crops.filter((_, k) => k !== j);
          merged = true;
          break outer;
        }
  }
  const area = crops.reduce((sum, c) => sum + c.w * c.h, 0);
  return area > options.wholeShare * width * height ? null : crops.filter((c) => c.w > 0 && c.h > 0);
}

/**
 * The crop's pixels scaled (bilinear) so its longer side is `targetSide` at most and at most `maxScale` times, and
 * a known person in it (personHeight) no taller than `personSide`.
 */
export function cropPicture(
  frame: RgbFrame,
  crop: PixelBox,
  options: RegionOptions = defaultRegionOptions,
): RgbFrame {
  let scale = Math.min(options.maxScale, options.targetSide / Math.max(crop.w, crop.h));
  if (options.personSide > 0 && crop.personHeight !== undefined && crop.personHeight > 0)
    scale = Math.min(scale, options.personSide / crop.personHeight);
  const width = Math.max(1, Math.round(crop.w * scale));
  const height = Math.max(1, Math.round(crop.h * scale));
  const data = new Uint8Array(width * height * 3);
  const src = frame.data;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(frame.height - 1, crop.y + (y + 0.5) / scale - 0.5);
    const y0 = Math.max(0, Math.floor(sy));
    const y1 = Math.min(frame.height - 1, y0 + 1);
    const fy = Math.max(0, sy - y0);
    for (let x = 0; x < width; x++) {
      const sx = Math.min(frame.width - 1, crop.x + (x + 0.5) / scale - 0.5);
      const x0 = Math.max(0, Math.floor(sx));
      const x1 = Math.min(frame.width - 1, x0 + 1);
      const fx = Math.max(0, sx - x0);
      const a = (y0 * frame.width + x0) * 3;
      const b = (y0 * frame.width + x1) * 3;
      const c = (y1 * frame.width + x0) * 3;
      const d = (y1 * frame.width + x1) * 3;
      const o = (y * width + x) * 3;
      for (let k = 0; k < 3; k++) {
        const top = src[a + k]! + (src[b + k]! - src[a + k]!) * fx;
        const bottom = src[c + k]! + (src[d + k]! - src[c + k]!) * fx;
        data[o + k] = top + (bottom - top) * fy;
      }
    }
  }
  return { width, height, data };
}

/** A detection in a crop's fractions as one in the picture's fractions. */
export function fromCrop(detection: Detection, crop: PixelBox, width: number, height: number): Detection {
  const map = (box: NormBox): NormBox => ({
    x: (crop.x + box.x * crop.w) / width,
    y: (crop.y + box.y * crop.h) / height,
    w: (box.w * crop.w) / width,
    h: (box.h * crop.h) / height,
  });
  return {
    ...detection,
    box: map(detection.box),
    keypoints: detection.keypoints?.map(
      ([x, y, score]) => [(crop.x + x * crop.w) / width, (crop.y + y * crop.h) / height, score] as const,
    ),
  };
}

/** Drops detections that repeat a better one (IoU above the limit): crops may overlap a person's edge. */
export function suppressDuplicates(detections: readonly Detection[], limit = 0.5): Detection[] {
  const kept: Detection[] = [];
  for (const detection of [...detections].sort((a, b) => b.score - a.score))
    if (!kept.some((k) => boxIou(k.box, detection.box) > limit)) kept.push(detection);
  return kept;
}

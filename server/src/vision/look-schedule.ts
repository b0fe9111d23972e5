// Tracking between detections (refreshSeconds > 0): which parts of a picture the detector must look at, given
// the people already followed and the motion found nobody in a moment ago. See the top of analyze.ts.
import { SAMPLE_STEP } from './motion-gate.ts';
import { cropsFor, movingBlobs, type PixelBox, type RegionOptions } from './regions.ts';
import type { PersonTracker } from './tracker.ts';
import type { NormBox, RgbFrame } from './types.ts';

/** A box in picture fractions as one in pixels, grown by `margin` of its height on every side. */
function toPixels(box: NormBox, width: number, height: number, margin = 0): PixelBox {
  const pad = box.h * height * margin;
  return {
    x: box.x * width - pad,
    y: box.y * height - pad,
    w: box.w * width + 2 * pad,
    h: box.h * height + 2 * pad,
  };
}

/** Motion the detector looked at and found nobody in (a car, a swaying sign), and when it last looked. */
export interface EmptyMotion {
  box: PixelBox;
  checkedAt: number;
}

/**
 * Tracking between detections (refreshSeconds > 0): where must the detector look in this picture? Around motion
 * that no followed person explains (someone new, or something else moving) unless it continues motion the detector
 * found nobody in less than `refreshSeconds` ago (a car driving by is looked at once in that time, not in every
 * picture), around tentative tracks (to confirm them), tracks just missed, and tracks not looked at for
 * `refreshSeconds`. `look` null: nowhere (the picture is skipped); else the crops (picture pixels), or 'whole' for
 * the whole picture. `checked`: the motion blobs looked at, to remember as empty when nobody is found in them.
 */
export function whereToLook(
  tracker: PersonTracker,
  frame: RgbFrame & { t: number },
  previous: Uint8Array,
  previousT: number,
  grey: Uint8Array,
  moved: boolean,
  refreshSeconds: number,
  empty: EmptyMotion[],
  regionOptions: RegionOptions,
): { look: PixelBox[] | 'whole' | null; checked: PixelBox[]; empty: EmptyMotion[] } {
  const now = tracker.predicted(frame.t);
  const due = now.filter((p) => !p.confirmed || p.missing || p.sinceHit >= refreshSeconds - 1e-6);
  if (!moved && due.length === 0) return { look: null, checked: [], empty };
  // A walker's difference covers where they were and where they are: both boxes, grown a little.
  const then = tracker.predicted(previousT, true);
  const explained: PixelBox[] = [];
  now.forEach((p, i) => {
    if (!p.confirmed || p.missing) return;
    explained.push(toPixels(p.box, frame.width, frame.height, EXPLAINED_MARGIN));
    explained.push(toPixels(then[i]!.box, frame.width, frame.height, EXPLAINED_MARGIN));
  });
  const cols = Math.ceil(frame.width / SAMPLE_STEP);
  const rows = Math.ceil(frame.height / SAMPLE_STEP);
  const checked: PixelBox[] = [];
  const stillEmpty: EmptyMotion[] = [];
  for (const blob of movingBlobs(previous, grey, cols, rows, regionOptions, explained)) {
    // Too short to be a person the analyses need (≥ 48 px): a far walker is looked at once they come nearer.
    if (blob.h < regionOptions.minBlobHeight) continue;
    const known = empty.find(
      (e) =>
        frame.t - e.checkedAt < refreshSeconds - 1e-6 && overlaps(e.box, blob) && similarHeight(e.box, blob),
    );
    if (known) stillEmpty.push({ box: blob, checkedAt: known.checkedAt });
    else checked.push(blob);
  }
  const regions = [
    ...checked,
    ...due.map((p) => {
      const box = toPixels(p.box, frame.width, frame.height);
      // A confirmed person's predicted box is their size: their crop is scaled by it (regions.ts).
      return { ...box, margin: regionOptions.trackedMargin, personHeight: p.confirmed ? box.h : undefined };
    }),
  ];
  if (regions.length === 0) return { look: null, checked, empty: stillEmpty };
  return {
    look: cropsFor(regions, frame.width, frame.height, regionOptions) ?? 'whole',
    checked,
    empty: stillEmpty,
  };
}

const overlaps = (a: PixelBox, b: PixelBox) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Motion of about the same height (a person joining a car's motion makes it taller: looked at again). */
const similarHeight = (a: PixelBox, b: PixelBox) => Math.max(a.h, b.h) <= 1.5 * Math.min(a.h, b.h);

/** Share of a followed person's box height their explained motion may reach beyond the box. */
const EXPLAINED_MARGIN = 0.2;

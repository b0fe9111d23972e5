// Box arithmetic in picture fractions shared by the tracker and the crops: overlap, IoU, containment,
// interpolation and the rounding the tracks are reported with.
import type { NormBox } from './types.ts';

export function intersection(a: NormBox, b: NormBox): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

export function area(box: NormBox): number {
  return Math.max(0, box.w) * Math.max(0, box.h);
}

export function boxIou(a: NormBox, b: NormBox): number {
  const inter = intersection(a, b);
  const union = area(a) + area(b) - inter;
  return union > 0 ? inter / union : 0;
}

export function lerpBox(a: NormBox, b: NormBox, f: number): NormBox {
  return roundBox({
    x: a.x + (b.x - a.x) * f,
    y: a.y + (b.y - a.y) * f,
    w: a.w + (b.w - a.w) * f,
    h: a.h + (b.h - a.h) * f,
  });
}

export function roundBox(box: NormBox): NormBox {
  return { x: round(box.x, 4), y: round(box.y, 4), w: round(box.w, 4), h: round(box.h, 4) };
}

export function round(v: number, decimals: number): number {
  const k = 10 ** decimals;
  return Math.round(v * k) / k;
}

export function contains(box: NormBox, point: { x: number; y: number }): boolean {
  return point.x >= box.x && point.x <= box.x + box.w && point.y >= box.y && point.y <= box.y + box.h;
}

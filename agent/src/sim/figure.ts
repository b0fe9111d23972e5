// A walking person as a camera sees one: an anatomically proportioned figure (head about 1/7.5 of the
// height, neck, shoulders wider than the hips, a tapered torso, arms in upper and lower parts swinging
// against the legs, hands, thighs and shins with the knee bending through the step, shoes, hair), posed
// in 3D (turned part way towards the camera, so both shoulders and both legs show) and projected onto the
// frame with anti-aliased limbs. The far arm and leg are drawn darker, so limbs stand apart from the body,
// as a person detector trained on photographs (COCO) expects. Pure: the same look and moment give the same
// pixels; it answers the pixels it touched (the person's exact box).
import {
  emptyBounds,
  fillCapsule,
  fillConvexPolygon,
  fillSmoothEllipse,
  shade,
  type Bounds,
  type Raster,
  type Rgb,
} from './raster.ts';

export interface PersonLook {
  shirt: Rgb;
  trousers: Rgb;
  skin: Rgb;
  hair: Rgb;
  shoes: Rgb;
  /** Forearms in the shirt's colour, or bare. */
  longSleeves: boolean;
  /** How far the person is turned from walking across the picture towards the camera, radians (0 = side view). */
  yaw: number;
}

export interface PersonPose {
  /** Frame pixels: the figure's centre line and the ground under its feet. */
  cx: number;
  groundY: number;
  /** Standing height, top of the head to the soles, in frame pixels. */
  height: number;
  /** 1 walking to the right of the picture, -1 to the left. */
  direction: 1 | -1;
  /** Seconds into the walk (drives the gait). */
  walkSec: number;
  /** Brightness of the light on the person (0..1+). */
  light: number;
}

/** Steps per second ÷ 2: one gait cycle (two steps) takes about 1.1 s. */
const GAIT_HZ = 0.9;
const THIGH = 0.245;
const SHIN = 0.24;
const ANKLE = 0.045;
const UPPER_ARM = 0.18;
const FOREARM = 0.15;
const HAND = 0.05;

/** Draws the person; answers the frame pixels it touched (empty when out of view). */
export function drawPerson(frame: Raster, pose: PersonPose, look: PersonLook): Bounds {
  const bounds = emptyBounds();
  const H = pose.height;
  const s = pose.direction;
  const cos = Math.cos(look.yaw);
  const sin = Math.sin(look.yaw);
  // Person space: f forward, y up from the ground, z sideways (+ the side nearer the camera), in heights.
  const u = (f: number, z: number) => pose.cx + H * s * (cos * f - sin * z);
  const v = (y: number) => pose.groundY - H * y;
  const phase = pose.walkSec * GAIT_HZ * 2 * Math.PI;

  const leg = (legPhase: number) => {
    const thigh = 0.42 * Math.sin(legPhase);
    const knee = 0.1 + 0.7 * Math.max(0, Math.cos(legPhase)) ** 1.5 + 0.15 * Math.max(0, -Math.sin(legPhase));
    return { thigh, shin: thigh - knee };
  };
  const legs = [leg(phase), leg(phase + Math.PI)] as const;
  // The pelvis sits as high as the lower foot allows (the body rises and falls through the step).
  const reach = (l: { thigh: number; shin: number }) => THIGH * Math.cos(l.thigh) + SHIN * Math.cos(l.shin);
  const hipY = ANKLE + Math.max(reach(legs[0]), reach(legs[1]));
  // The upper body rides on the pelvis (standing, the hips are at 0.53 of the height).
  const up = hipY - 0.53;
  const lean = 0.015;

  const limbs = {
    near: 1,
    far: -1,
  } as const;
  // Every part has a darker rim, so limbs stand apart from the body and the body from the background.
  const limb = (ax: number, ay: number, bx: number, by: number, r0: number, r1: number, c: Rgb) =>
    fillCapsule(frame, ax, ay, bx, by, r0, r1, c, bounds, shade(c, 0.5));
  const part = (points: number[], c: Rgb) => fillConvexPolygon(frame, points, c, bounds, shade(c, 0.55));
  const bright = pose.light;
  const dim = pose.light * 0.7;
  const color = (c: Rgb, side: number) => shade(c, side > 0 ? bright : dim);

  const drawLeg = (side: number, l: { thigh: number; shin: number }) => {
    const z = 0.07 * side;
    const hf = 0;
    const kf = hf + THIGH * Math.sin(l.thigh);
    const ky = hipY - THIGH * Math.cos(l.thigh);
    const af = kf + SHIN * Math.sin(l.shin);
    const ay = ky - SHIN * Math.cos(l.shin);
    const trousers = color(look.trousers, side);
    limb(u(hf, z), v(hipY), u(kf, z), v(ky), H * 0.052, H * 0.04, trousers);
    limb(u(kf, z), v(ky), u(af, z), v(ay), H * 0.04, H * 0.03, trousers);
    // The foot stays flat while on the ground and follows the shin in the air.
    const tilt = Math.max(0, -l.shin - 0.2) * 0.6;
    const toeF = af + 0.075 * Math.cos(tilt);
    const toeY = ay - 0.025 + 0.075 * Math.sin(tilt);
    limb(u(af - 0.02, z), v(ay - 0.022), u(toeF, z), v(toeY), H * 0.024, H * 0.02, color(look.shoes, side));
  };

  const shoulderY = 0.815 + up;
  const drawArm = (side: number, legPhase: number) => {
    const z = 0.125 * side;
    const swing = -0.38 * Math.sin(legPhase);
    const bend = 0.3 + 0.25 * Math.max(0, -Math.sin(legPhase));
    const sf = lean;
    const ef = sf + UPPER_ARM * Math.sin(swing);
    const ey = shoulderY - UPPER_ARM * Math.cos(swing);
    const wf = ef + FOREARM * Math.sin(swing + bend);
    const wy = ey - FOREARM * Math.cos(swing + bend);
    const hf = wf + HAND * Math.sin(swing + bend);
    const hy = wy - HAND * Math.cos(swing + bend);
    const shirt = color(look.shirt, side);
    limb(u(sf, z), v(shoulderY), u(ef, z), v(ey), H * 0.034, H * 0.028, shirt);
    limb(
      u(ef, z),
      v(ey),
      u(wf, z),
      v(wy),
      H * 0.027,
      H * 0.022,
      look.longSleeves ? shirt : color(look.skin, side),
    );
    limb(u(wf, z), v(wy), u(hf, z), v(hy), H * 0.022, H * 0.018, color(look.skin, side));
  };

  // Half the width the torso shows at a height, for its depth (front to back) and breadth.
  const half = (depth: number, breadth: number) => H * Math.sqrt((depth * cos) ** 2 + (breadth * sin) ** 2);
  const drawTorso = () => {
    const shirt = shade(look.shirt, bright * 0.92);
    const lowY = hipY - 0.02;
    const waistY = (shoulderY + lowY) / 2 - 0.03;
    const rows = [
      { y: shoulderY - 0.01, f: lean, w: half(0.07, 0.125) },
      { y: waistY, f: lean * 0.5, w: half(0.06, 0.09) },
      { y: lowY, f: 0, w: half(0.065, 0.1) },
    ];
    for (let k = 0; k < 2; k++) {
      const a = rows[k]!;
      const b = rows[k + 1]!;
      const color = k === 0 ? shirt : shade(look.trousers, bright);
      // The upper part is the shirt; the shirt reaches a little below the waist.
      const bottom = k === 0 ? { ...b, y: b.y - 0.02 } : b;
      const top = k === 0 ? a : { ...a, y: a.y + 0.001 };
      part(
        [
          u(top.f, 0) - top.w,
          v(top.y),
          u(top.f, 0) + top.w,
          v(top.y),
          u(bottom.f, 0) + bottom.w,
          v(bottom.y),
          u(bottom.f, 0) - bottom.w,
          v(bottom.y),
        ],
        k === 0 ? color : shade(look.trousers, bright * 0.85),
      );
      if (k === 0) {
        // Shirt over the hips down to just above the leg joints.
        const hipBand = { y: lowY + 0.05, f: 0, w: half(0.065, 0.1) };
        part(
          [
            u(bottom.f, 0) - bottom.w,
            v(bottom.y + 0.001),
            u(bottom.f, 0) + bottom.w,
            v(bottom.y + 0.001),
            u(hipBand.f, 0) + hipBand.w,
            v(hipBand.y),
            u(hipBand.f, 0) - hipBand.w,
            v(hipBand.y),
          ],
          shirt,
        );
      }
    }
    // Rounded shoulders.
    limb(u(lean, 0.1), v(shoulderY - 0.01), u(lean, -0.1), v(shoulderY - 0.01), H * 0.035, H * 0.035, shirt);
  };

  const drawHead = () => {
    const skin = shade(look.skin, bright);
    const neckF = lean + 0.005;
    limb(
      u(neckF, 0),
      v(shoulderY + 0.005),
      u(neckF + 0.005, 0),
      v(shoulderY + 0.06),
      H * 0.024,
      H * 0.022,
      shade(look.skin, bright * 0.85),
    );
    const headY = 0.925 + up;
    const headF = lean + 0.012;
    const rx = H * (0.047 + 0.006 * cos);
    const ry = H * 0.064;
    // Hair over the top and back of the head, the face in front of it.
    fillSmoothEllipse(
      frame,
      u(headF - 0.012 * cos, 0),
      v(headY + 0.01),
      rx * 1.04,
      ry * 0.98,
      shade(look.hair, bright),
      bounds,
      shade(look.hair, bright * 0.6),
    );
    fillSmoothEllipse(frame, u(headF + 0.01, 0), v(headY - 0.008), rx * 0.92, ry * 0.9, skin, bounds);
  };

  // Back to front: far arm and leg, near leg, body, near arm, head.
  drawArm(limbs.far, phase + Math.PI);
  drawLeg(limbs.far, legs[1]);
  drawLeg(limbs.near, legs[0]);
  drawTorso();
  drawHead();
  drawArm(limbs.near, phase);
  return bounds;
}

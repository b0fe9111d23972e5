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
  /** Standing still (legs straight, no gait) instead of walking; walking when absent. */
  standing?: boolean;
  /** Arm angles that replace the gait's swing (a worker reaching into a tray); the gait's when absent. */
  arms?: { near: ArmAngles; far: ArmAngles };
}

/** An arm's pose: the upper arm's angle from hanging straight down (positive: forward) and the elbow's bend. */
export interface ArmAngles {
  swing: number;
  bend: number;
}

/** Where the wrists are, in frame pixels (the keypoints a pose model names as wrists). */
export interface FigureWrists {
  near: readonly [number, number];
  far: readonly [number, number];
}

/** Steps per second ÷ 2: one gait cycle (two steps) takes about 1.1 s. */
const GAIT_HZ = 0.9;
const THIGH = 0.245;
const SHIN = 0.24;
const ANKLE = 0.045;
const UPPER_ARM = 0.18;
const FOREARM = 0.15;
const HAND = 0.05;

/** Upper arm at the shoulder (person space, heights); the wrist and the hand's tip for an arm's angles. */
function armJoints(shoulderY: number, { swing, bend }: ArmAngles) {
  const sf = LEAN;
  const ef = sf + UPPER_ARM * Math.sin(swing);
  const ey = shoulderY - UPPER_ARM * Math.cos(swing);
  const wf = ef + FOREARM * Math.sin(swing + bend);
  const wy = ey - FOREARM * Math.cos(swing + bend);
  const hf = wf + HAND * Math.sin(swing + bend);
  const hy = wy - HAND * Math.cos(swing + bend);
  return { sf, ef, ey, wf, wy, hf, hy };
}

const LEAN = 0.015;

/** The skeleton of a pose: projection onto the frame, legs, the pelvis' and shoulders' height, arm angles. */
function skeleton(pose: PersonPose, look: PersonLook) {
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
  // Standing: feet a little apart, knees nearly straight.
  const legs = pose.standing
    ? ([
        { thigh: 0.05, shin: 0.03 },
        { thigh: -0.05, shin: -0.07 },
      ] as const)
    : ([leg(phase), leg(phase + Math.PI)] as const);
  // The pelvis sits as high as the lower foot allows (the body rises and falls through the step).
  const reach = (l: { thigh: number; shin: number }) => THIGH * Math.cos(l.thigh) + SHIN * Math.cos(l.shin);
  const hipY = ANKLE + Math.max(reach(legs[0]), reach(legs[1]));
  // The upper body rides on the pelvis (standing, the hips are at 0.53 of the height).
  const up = hipY - 0.53;
  const shoulderY = 0.815 + up;
  const gaitArm = (legPhase: number): ArmAngles => ({
    swing: -0.38 * Math.sin(legPhase),
    bend: 0.3 + 0.25 * Math.max(0, -Math.sin(legPhase)),
  });
  const arms = pose.arms ?? { near: gaitArm(phase), far: gaitArm(phase + Math.PI) };
  return { H, s, cos, sin, u, v, phase, legs, hipY, up, shoulderY, arms };
}

/** The wrists of a pose in frame pixels, as drawPerson draws them (pure, nothing drawn). */
export function wristsOf(pose: PersonPose, look: PersonLook): FigureWrists {
  const { u, v, shoulderY, arms } = skeleton(pose, look);
  const at = (side: number, angles: ArmAngles): readonly [number, number] => {
    const j = armJoints(shoulderY, angles);
    return [u(j.wf, 0.12 * side), v(j.wy)];
  };
  return { near: at(1, arms.near), far: at(-1, arms.far) };
}

/** Draws the person; answers the frame pixels it touched (empty when out of view). */
export function drawPerson(frame: Raster, pose: PersonPose, look: PersonLook): Bounds {
  const bounds = emptyBounds();
  const { H, cos, sin, u, v, legs, hipY, up, shoulderY, arms } = skeleton(pose, look);
  const lean = LEAN;

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
    const z = 0.08 * side;
    const hf = 0;
    const kf = hf + THIGH * Math.sin(l.thigh);
    const ky = hipY - THIGH * Math.cos(l.thigh);
    const af = kf + SHIN * Math.sin(l.shin);
    const ay = ky - SHIN * Math.cos(l.shin);
    const trousers = color(look.trousers, side);
    limb(u(hf, z), v(hipY), u(kf, z), v(ky), H * 0.062, H * 0.048, trousers);
    limb(u(kf, z), v(ky), u(af, z), v(ay), H * 0.047, H * 0.035, trousers);
    // The foot stays flat while on the ground and follows the shin in the air.
    const tilt = Math.max(0, -l.shin - 0.2) * 0.6;
    const toeF = af + 0.075 * Math.cos(tilt);
    const toeY = ay - 0.025 + 0.075 * Math.sin(tilt);
    limb(u(af - 0.02, z), v(ay - 0.022), u(toeF, z), v(toeY), H * 0.028, H * 0.024, color(look.shoes, side));
  };

  const drawArm = (side: number, angles: ArmAngles) => {
    const z = 0.12 * side;
    const { sf, ef, ey, wf, wy, hf, hy } = armJoints(shoulderY, angles);
    const shirt = color(look.shirt, side);
    limb(u(sf, z), v(shoulderY), u(ef, z), v(ey), H * 0.04, H * 0.033, shirt);
    limb(
      u(ef, z),
      v(ey),
      u(wf, z),
      v(wy),
      H * 0.032,
      H * 0.026,
      look.longSleeves ? shirt : color(look.skin, side),
    );
    limb(u(wf, z), v(wy), u(hf, z), v(hy), H * 0.026, H * 0.021, color(look.skin, side));
  };

  // Half the width the torso shows at a height, for its depth (front to back) and breadth.
  const half = (depth: number, breadth: number) => H * Math.sqrt((depth * cos) ** 2 + (breadth * sin) ** 2);
  const drawTorso = () => {
    // The pelvis in the trousers' colour, then the shirt over it: sloping shoulders, wider than the hips.
    const pelvisTop = { y: hipY + 0.045, w: half(0.075, 0.115) };
    const crotch = { y: hipY - 0.035, w: half(0.07, 0.1) };
    part(
      [
        u(0, 0) - pelvisTop.w,
        v(pelvisTop.y),
        u(0, 0) + pelvisTop.w,
        v(pelvisTop.y),
        u(0, 0) + crotch.w,
        v(crotch.y),
        u(0, 0) - crotch.w,
        v(crotch.y),
      ],
      shade(look.trousers, bright * 0.9),
    );
    const neck = { f: lean, y: shoulderY + 0.03, w: half(0.05, 0.05) };
    const shoulders = { f: lean, y: shoulderY - 0.015, w: half(0.08, 0.13) };
    const hem = { f: 0, y: hipY + 0.02, w: half(0.075, 0.115) };
    part(
      [
        u(neck.f, 0) - neck.w,
        v(neck.y),
        u(neck.f, 0) + neck.w,
        v(neck.y),
        u(shoulders.f, 0) + shoulders.w,
        v(shoulders.y),
        u(hem.f, 0) + hem.w,
        v(hem.y),
        u(hem.f, 0) - hem.w,
        v(hem.y),
        u(shoulders.f, 0) - shoulders.w,
        v(shoulders.y),
      ],
      shade(look.shirt, bright * 0.92),
    );
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
    const rx = H * (0.05 + 0.006 * cos);
    const ry = H * 0.067;
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
    // Eyes and a mouth: a face, not a blank oval.
    const eye = shade([45, 32, 28], bright);
    const eyeR = Math.max(0.6, H * 0.009);
    for (const z of [0.021, -0.021])
      fillSmoothEllipse(frame, u(headF + 0.035, z), v(headY + 0.002), eyeR, eyeR * 0.9, eye, bounds);
    const mouth = shade(look.skin, bright * 0.6);
    fillSmoothEllipse(frame, u(headF + 0.04, 0), v(headY - 0.036), eyeR * 1.3, eyeR * 0.6, mouth, bounds);
  };

  // Back to front: far arm and leg, near leg, body, near arm, head.
  drawArm(limbs.far, arms.far);
  drawLeg(limbs.far, legs[1]);
  drawLeg(limbs.near, legs[0]);
  drawTorso();
  drawHead();
  drawArm(limbs.near, arms.near);
  return bounds;
}

// Helpers of the 360-degree viewer and time-lapse specs: finding the demo's fisheye and time-lapse cameras
// through the API, and reading the pixels of the viewer's WebGL canvas.
import { expect, type APIRequestContext, type Locator } from '@playwright/test';

type Credentials = { email: string; password: string };

/** The first camera of the user whose detail matches `pick` (logged in on `request`). */
export async function findCamera(
  request: APIRequestContext,
  user: Credentials,
  pick: (detail: Record<string, unknown>) => boolean,
) {
  const login = await request.post('/api/auth/login', { data: { ...user, appKey: null } });
  expect(login.status()).toBe(200);
  const list = await request.get('/api/cameras', { params: { page: 1, count: 50 } });
  const { cameras } = ((await list.json()) as { data: { cameras: { camera_code: string }[] } }).data;
  for (const { camera_code } of cameras) {
    const answer = await request.get(`/api/cameras/${camera_code}`);
    const detail = ((await answer.json()) as { data: Record<string, unknown> }).data;
    if (pick(detail)) return { code: camera_code, name: String(detail.camera_name) };
  }
  throw new Error('no such demo camera');
}

/**
 * A summary of a canvas's picture (WebGL or 2D): the mean of each channel over a 32x32 grid and how many of
 * those samples are not black. Two different views of the scene give different summaries.
 */
export function canvasSignature(canvas: Locator) {
  return canvas.evaluate((element) => {
    const source = element as HTMLCanvasElement;
    const probe = document.createElement('canvas');
    probe.width = 32;
    probe.height = 32;
    const context = probe.getContext('2d')!;
    context.drawImage(source, 0, 0, 32, 32);
    const data = context.getImageData(0, 0, 32, 32).data;
    let r = 0;
    let g = 0;
    let b = 0;
    let lit = 0;
    const samples: number[] = [];
    for (let i = 0; i < data.length; i += 4) {
      r += data[i]!;
      g += data[i + 1]!;
      b += data[i + 2]!;
      if (data[i]! + data[i + 1]! + data[i + 2]! > 30) lit++;
      samples.push(data[i]! + data[i + 1]! + data[i + 2]!);
    }
    const n = data.length / 4;
    return { mean: [r / n, g / n, b / n], lit, samples };
  });
}

/** Mean absolute difference of two signatures' samples (0 = the same picture). */
export const signatureDistance = (a: { samples: number[] }, b: { samples: number[] }) =>
  a.samples.reduce((sum, value, i) => sum + Math.abs(value - (b.samples[i] ?? 0)), 0) / a.samples.length;

// How the motion queue keeps up: the pass a clip gets from how long its job waited.
import { describe, expect, it } from 'vitest';
import { MOTION_FULL_WITHIN_MS, MOTION_GIVE_UP_AFTER_MS, motionPassFor } from './motion.service.ts';

describe('motionPassFor', () => {
  it('decodes every frame while the queue is current, keyframes once behind, nothing past the bound', () => {
    expect(motionPassFor(0)).toBe('full');
    expect(motionPassFor(MOTION_FULL_WITHIN_MS)).toBe('full');
    expect(motionPassFor(MOTION_FULL_WITHIN_MS + 1)).toBe('keyframes');
    expect(motionPassFor(MOTION_GIVE_UP_AFTER_MS)).toBe('keyframes');
    expect(motionPassFor(MOTION_GIVE_UP_AFTER_MS + 1)).toBe('skipped');
  });
});

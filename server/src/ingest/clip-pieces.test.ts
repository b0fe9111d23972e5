import { describe, expect, it } from 'vitest';
import { placePiece } from './clip-pieces.ts';

const stored = [{ offset_ms: 0, duration_ms: 20_000, sha256: 'a' }];

describe('placePiece', () => {
  it('finds the stored piece at the same offset (duplicate or conflict is decided by the checksum)', () => {
    expect(placePiece(stored, { offsetMs: 0, durationMs: 20_000, sha256: 'a' })).toBe(stored[0]);
    expect(placePiece(stored, { offsetMs: 0, durationMs: 5_000, sha256: 'b' })).toBe(stored[0]);
  });

  it('lets a later piece that starts where the first ended (within jitter) in as a new piece', () => {
    expect(placePiece(stored, { offsetMs: 20_000, durationMs: 40_000, sha256: 'b' })).toBeUndefined();
    expect(placePiece(stored, { offsetMs: 19_000, durationMs: 41_000, sha256: 'b' })).toBeUndefined();
  });

  it('finds a stored piece the new one overlaps by more than the tolerance', () => {
    expect(placePiece(stored, { offsetMs: 10_000, durationMs: 20_000, sha256: 'b' })).toBe(stored[0]);
  });
});

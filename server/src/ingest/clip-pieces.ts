// Where a new recording of a minute fits among the pieces already stored for it. A minute normally has
// one piece; when an agent restarts mid-minute it has two (the end of the old run, the start of the new),
// each with its offset. Pure.

/** Pieces may touch or overlap this much (encoder and clock jitter) and still count as separate. */
export const PIECE_OVERLAP_TOLERANCE_MS = 1_500;

export interface StoredPiece {
  offset_ms: number;
  duration_ms: number;
  sha256: string;
}

/**
 * The stored piece the new one collides with — the same offset (a duplicate when the checksum matches,
 * else a conflict) or an overlapping span (a conflict) — or undefined when it is a new piece of the minute.
 */
export function placePiece<T extends StoredPiece>(
  stored: readonly T[],
  piece: { offsetMs: number; durationMs: number; sha256: string },
): T | undefined {
  const same = stored.find((s) => s.offset_ms === piece.offsetMs);
  if (same) return same;
  const start = piece.offsetMs;
  const end = piece.offsetMs + piece.durationMs;
  return stored.find(
    (s) =>
      Math.min(end, s.offset_ms + s.duration_ms) - Math.max(start, s.offset_ms) > PIECE_OVERLAP_TOLERANCE_MS,
  );
}

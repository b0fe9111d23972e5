// The places in the camera list kept between pages: only at the browse version they were seen at, bounded.
import { describe, expect, it } from 'vitest';
import { CameraListMarks } from './camera-list-marks.ts';

const mark = (position: number) => ({ position, key: { name: `n${position}`, id: position } });

describe('CameraListMarks', () => {
  it('answers the marks of the same browse version only, per customer', () => {
    const marks = new CameraListMarks();
    marks.add(1, 7, [mark(0), mark(49)]);
    marks.add(2, 3, [mark(50)]);
    expect(marks.get(1, 7)).toEqual([mark(0), mark(49)]);
    expect(marks.get(2, 3)).toEqual([mark(50)]);
    expect(marks.get(1, 8)).toEqual([]);
    // Dropped once the version moved on, even when asked at the old one again.
    expect(marks.get(1, 7)).toEqual([]);
    marks.add(2, 4, [mark(100)]);
    expect(marks.get(2, 4)).toEqual([mark(100)]);
  });

  it('keeps one mark per position, the newest, and at most so many per customer and customers', () => {
    const marks = new CameraListMarks(2, 3);
    marks.add(1, 1, [mark(0), mark(1), mark(2)]);
    marks.add(1, 1, [{ position: 1, key: { name: 'x', id: 9 } }, mark(3)]);
    expect(marks.get(1, 1)).toEqual([mark(2), { position: 1, key: { name: 'x', id: 9 } }, mark(3)]);
    marks.add(2, 1, [mark(5)]);
    marks.add(3, 1, [mark(6)]);
    expect(marks.get(1, 1)).toEqual([]);
    expect(marks.get(3, 1)).toEqual([mark(6)]);
  });
});

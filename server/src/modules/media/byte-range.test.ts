// Range headers (RFC 9110 §14.1.2) against a file of 100 bytes, and download names (RFC 6266 / 8187).
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, resolveRange } from './byte-range.ts';

describe('resolveRange', () => {
  it.each([
    [undefined, { kind: 'whole' }],
    ['bytes=0-9', { kind: 'range', start: 0, end: 9 }],
    ['bytes=90-', { kind: 'range', start: 90, end: 99 }],
    ['bytes=90-500', { kind: 'range', start: 90, end: 99 }],
    ['bytes=-10', { kind: 'range', start: 90, end: 99 }],
    ['bytes=-500', { kind: 'range', start: 0, end: 99 }],
    ['bytes=99-99', { kind: 'range', start: 99, end: 99 }],
    ['bytes=100-', { kind: 'unsatisfiable' }],
    ['bytes=100-200', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    // Ignored (the whole file): invalid or not served forms.
    ['bytes=9-0', { kind: 'whole' }],
    ['bytes=-', { kind: 'whole' }],
    ['bytes=0-1,5-9', { kind: 'whole' }],
    ['items=0-9', { kind: 'whole' }],
    ['bytes=a-b', { kind: 'whole' }],
  ] as const)('%s', (header, expected) => {
    expect(resolveRange(header, 100)).toEqual(expected);
  });

  it('nothing of an empty file is satisfiable', () => {
    expect(resolveRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(resolveRange('bytes=-5', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('カメラ "1" (a).mp4')).toBe(
      `attachment; filename="___ _1_ (a).mp4"; filename*=UTF-8''%E3%82%AB%E3%83%A1%E3%83%A9%20%221%22%20%28a%29.mp4`,
    );
  });
});

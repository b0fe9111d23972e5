import { describe, expect, it } from 'vitest';
import type { CameraDetail } from '@camwatch/contract/cameras';
import { detailCodeOf, opensOnLiveStills } from './live-prestart.ts';

const now = new Date(2024, 4, 1, 12, 0).getTime();
const camera = { use_nolive: false, use_streaming: false, model_code: 'CW-BOX2' } as CameraDetail;
const every = { live: true, archive: true } as Parameters<typeof opensOnLiveStills>[0];

describe('starting live early: only when the page opens on live stills (core.md §4, §7)', () => {
  it('follows the remembered LIVE choice when the switch shows', () => {
    expect(opensOnLiveStills(every, camera, true, null, now)).toBe(true);
    expect(opensOnLiveStills(every, camera, false, null, now)).toBe(false);
  });
  it('not for a link to a recorded moment (date query), which opens the archive', () => {
    expect(opensOnLiveStills(every, camera, true, '2024-05-01T09:05', now)).toBe(false);
    // A malformed or future date is ignored by the page too.
    expect(opensOnLiveStills(every, camera, true, 'tomorrow', now)).toBe(true);
  });
  it('always without the archive right (no switch), never without the live right', () => {
    expect(opensOnLiveStills({ ...every, archive: false }, camera, false, null, now)).toBe(true);
    expect(opensOnLiveStills({ ...every, live: false }, camera, true, null, now)).toBe(false);
  });
  it('not for cameras without live (L21, use_nolive) nor streaming cameras (they play HLS)', () => {
    expect(opensOnLiveStills(every, { ...camera, model_code: 'L21' }, true, null, now)).toBe(false);
    expect(opensOnLiveStills(every, { ...camera, use_nolive: true }, true, null, now)).toBe(false);
    expect(opensOnLiveStills(every, { ...camera, use_streaming: true }, true, null, now)).toBe(false);
  });
});

describe('the start-up asks early only on a detail page address (core.md §2 detail/{code})', () => {
  it('takes the code of detail/{code}, decoded', () => {
    expect(detailCodeOf('/detail/cam-1')).toBe('cam-1');
    expect(detailCodeOf('/detail/cam-1/')).toBe('cam-1');
    expect(detailCodeOf('/detail/%E3%82%AB%E3%83%A1%E3%83%A9')).toBe('カメラ');
  });
  it('not for its sub-pages, other screens or a malformed address', () => {
    expect(detailCodeOf('/detail/cam-1/people-counter')).toBeNull();
    expect(detailCodeOf('/detail/')).toBeNull();
    expect(detailCodeOf('/list/1')).toBeNull();
    expect(detailCodeOf('/detail/%E3%82')).toBeNull();
  });
});

// What a push says (core.md §3 push message): the reader's language for the fixed texts, the stored text
// otherwise, and the page a click opens.
import { describe, expect, it } from 'vitest';
import { pushPayloadFor, type PushNotificationRow } from './push-messages.ts';

const row = (fields: Partial<PushNotificationRow>): PushNotificationRow => ({
  id: 7,
  customer_id: 1,
  user_id: 3,
  event: 'down',
  kind: 'down',
  message: 'カメラが停止しました',
  url: null,
  created_at: new Date('2026-11-21T01:02:03Z'),
  camera_code: 'cam-1',
  camera_name: 'Gate',
  ...fields,
});

describe('pushPayloadFor', () => {
  it('core.md §3: a camera-down push in English, opening the Monitor tab', () => {
    const payload = pushPayloadFor(row({}), 'en');
    expect(payload).toMatchObject({
      to: 3,
      dateTime: '2026-11-21T01:02:03.000Z',
      body: { event: 'down', title: 'Camera down', text: 'Gate: The camera stopped.', camera_code: 'cam-1' },
    });
    expect(payload.body.url).toMatch(/^\/notification\?actTab=/);
  });

  it('a motion notification (no kind) is in the reader’s language and opens its own link', () => {
    const motion = row({
      event: 'motion',
      kind: null,
      message: 'カメラで動きを検知しました',
      url: '/detail/cam-1?date=2026-11-21T01%3A00%3A00.000Z',
    });
    expect(pushPayloadFor(motion, 'en').body).toMatchObject({
      title: 'Motion detected',
      text: 'Gate: Motion was detected.',
      url: '/detail/cam-1?date=2026-11-21T01%3A00%3A00.000Z',
    });
    expect(pushPayloadFor(motion, 'ja').body.title).toBe('動体検知');
  });

  it('an entry notification names the area entered, in the reader’s language', () => {
    const entry = row({ event: 'entry', kind: null, message: 'プレス機前', url: '/detail/cam-1?date=x' });
    expect(pushPayloadFor(entry, 'en').body).toMatchObject({
      title: 'Enter alert',
      text: 'Gate: Entry detected (プレス機前).',
      url: '/detail/cam-1?date=x',
    });
    expect(pushPayloadFor(entry, 'ja').body).toMatchObject({
      title: '侵入検知',
      text: 'Gate: 侵入を検知しました（プレス機前）。',
    });
  });

  it('an announcement keeps its own stored text', () => {
    const note = row({
      event: 'announcement',
      kind: null,
      message: 'メンテナンスのお知らせ',
      camera_name: null,
    });
    expect(pushPayloadFor(note, 'en').body).toMatchObject({
      title: 'Announcement',
      text: 'メンテナンスのお知らせ',
    });
  });
});

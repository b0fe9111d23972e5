import { describe, expect, it } from 'vitest';
import { tagAssignBody, tagBody } from './tags.ts';

describe('tags', () => {
  it('core.md §5: a tag name is required (trimmed), at most 50 characters', () => {
    expect(tagBody.parse({ tag_name: '  Front  ' })).toEqual({ tag_name: 'Front' });
    expect(tagBody.safeParse({ tag_name: '   ' }).success).toBe(false);
    expect(tagBody.safeParse({ tag_name: 'x'.repeat(50) }).success).toBe(true);
    expect(tagBody.safeParse({ tag_name: 'x'.repeat(51) }).success).toBe(false);
  });

  it('core.md §8: a bad name is reported under tag_name', () => {
    const result = tagBody.safeParse({ tag_name: '' });
    expect(result.error?.issues[0]?.path).toEqual(['tag_name']);
  });

  it('core.md §7: assign takes camera_code[], set_tag_code[] and unset_tag_code[]', () => {
    expect(tagAssignBody.parse({ camera_code: ['C1'], set_tag_code: ['T1'] })).toEqual({
      camera_code: ['C1'],
      set_tag_code: ['T1'],
      unset_tag_code: [],
    });
    expect(tagAssignBody.safeParse({ camera_code: [], set_tag_code: ['T1'] }).success).toBe(false);
    expect(
      tagAssignBody.safeParse({ camera_code: ['C1'], set_tag_code: ['T1'], unset_tag_code: ['T1'] }).success,
    ).toBe(false);
  });
});

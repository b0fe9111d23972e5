// The tag dialog's tri-state checkboxes and what assign sends (core.md §2).
import { describe, expect, it } from 'vitest';
import { assignChanges, initialTagStates, toggledState } from './tag-states.ts';

const tags = [
  { tag_code: 'all', cameras: ['c1', 'c2', 'c9'] },
  { tag_code: 'some', cameras: ['c1'] },
  { tag_code: 'none', cameras: ['c9'] },
];

describe('tag states', () => {
  it('checked when every selected camera has the tag, unchecked when none, else indeterminate', () => {
    expect(initialTagStates(tags, ['c1', 'c2'])).toEqual({
      all: 'checked',
      some: 'indeterminate',
      none: 'unchecked',
    });
    expect(initialTagStates(tags, [])).toEqual({ all: 'unchecked', some: 'unchecked', none: 'unchecked' });
  });

  it('a click checks an indeterminate or unchecked tag and unchecks a checked one', () => {
    expect(toggledState('indeterminate')).toBe('checked');
    expect(toggledState('unchecked')).toBe('checked');
    expect(toggledState('checked')).toBe('unchecked');
  });

  it('sends only the changes', () => {
    const initial = initialTagStates(tags, ['c1', 'c2']);
    expect(assignChanges(initial, initial)).toEqual({ set_tag_code: [], unset_tag_code: [] });
    expect(
      assignChanges(initial, { ...initial, some: 'checked', all: 'unchecked', fresh: 'checked' }),
    ).toEqual({
      set_tag_code: ['some', 'fresh'],
      unset_tag_code: ['all'],
    });
  });
});

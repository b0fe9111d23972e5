// The tag dialog's checkboxes (core.md §2): each tag checked, unchecked or indeterminate for the selected
// cameras, and the set/unset lists of POST api/cameratags/assign from what the user changed. Pure.
export type TagState = 'checked' | 'unchecked' | 'indeterminate';

export interface TagWithCameras {
  tag_code: string;
  cameras: readonly string[];
}

/** Checked when every selected camera carries the tag, unchecked when none does, else indeterminate. */
export function initialTagStates(
  tags: readonly TagWithCameras[],
  cameraCodes: readonly string[],
): Record<string, TagState> {
  const states: Record<string, TagState> = {};
  for (const tag of tags) {
    const carrying = cameraCodes.filter((code) => tag.cameras.includes(code)).length;
    states[tag.tag_code] =
      cameraCodes.length > 0 && carrying === cameraCodes.length
        ? 'checked'
        : carrying === 0
          ? 'unchecked'
          : 'indeterminate';
  }
  return states;
}

/** A click: indeterminate and unchecked become checked, checked becomes unchecked. */
export const toggledState = (state: TagState): TagState => (state === 'checked' ? 'unchecked' : 'checked');

/** Only what changed is sent: a tag left indeterminate (or as it was) is neither set nor unset. */
export function assignChanges(
  initial: Readonly<Record<string, TagState>>,
  current: Readonly<Record<string, TagState>>,
): { set_tag_code: string[]; unset_tag_code: string[] } {
  const changed = Object.keys(current).filter((code) => current[code] !== (initial[code] ?? 'unchecked'));
  return {
    set_tag_code: changed.filter((code) => current[code] === 'checked'),
    unset_tag_code: changed.filter((code) => current[code] === 'unchecked'),
  };
}

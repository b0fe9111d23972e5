// The one helper Mantine's ScrollArea takes from Floating UI. The build gives the scroll area (in every dialog,
// through Mantine's Modal) this module instead (first-screen-chunks.ts): Floating UI's module is one file, so that
// import brought all of it, ~14 KB compressed, with the first visit's push offer (issue 19). Same behaviour: one
// callback ref that sets every given ref, or null when none is given.
import { useMemo, type Ref, type RefCallback } from 'react';

export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>): RefCallback<T> | null {
  return useMemo(
    () => {
      if (refs.every((ref) => ref == null)) return null;
      return (instance: T | null) => {
        for (const ref of refs) {
          if (typeof ref === 'function') ref(instance);
          else if (ref != null) (ref as { current: T | null }).current = instance;
        }
      };
    },
    // The refs themselves are the dependencies, as in Floating UI's version.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    refs,
  );
}

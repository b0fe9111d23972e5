// A dialog whose code loads when it first opens (issue 19: no first screen carries the forms, tables and
// checkboxes of dialogs nobody has opened yet). From its first opening it stays mounted, as AppDialog does, so it
// closes with its transition and keeps its state as before.
import { lazy, Suspense, useState, type ComponentType } from 'react';

export function onFirstOpen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function DialogOnFirstOpen(props: P) {
    const [wasOpened, setWasOpened] = useState(() => isOpen(props));
    if (isOpen(props) && !wasOpened) setWasOpened(true);
    if (!wasOpened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}

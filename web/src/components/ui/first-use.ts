// Controls whose popup code loads on first use (issue 19 point 4: each first screen ≤ 150 KB compressed). Mantine's
// Menu, Popover, Tooltip and Combobox bring Floating UI and a focus trap, ~30 KB compressed, which no first screen
// needs before someone points at, focuses or clicks one of the header's or a row's controls. Until then such a
// control renders a light version of itself, the same element with the same name, role and `aria-haspopup`;
// pointing at it or focusing it starts the download, and a click made before the code is there opens the popup
// as soon as it is, the full control taking the click over. The full control takes the light one's place, and the
// focus when it had it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** Code shared by the controls that need it, loaded once, on the first use of any of them. */
export interface FirstUseCode<T> {
  load: () => Promise<T>;
  /** The code when it has loaded (a control rendered later starts as the full one). */
  loaded: () => T | null;
}

export function firstUseCode<T>(importer: () => Promise<T>): FirstUseCode<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load: () => {
      loading ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = null; // a failed download is tried again on the next use
          throw error;
        },
      );
      return loading;
    },
    loaded: () => loaded,
  };
}

export interface FirstUse<T> {
  /** The code, once loaded: render the full control with it. */
  code: T | null;
  /** On the light control and on the full control's trigger: the full one takes the focus over. */
  ref: (element: HTMLElement | null) => void;
  /** The pointer is still on the light control (a tooltip starts open). */
  isHoveredAtStart: boolean;
  /** For the light control. */
  lightProps: {
    onPointerEnter: () => void;
    onPointerLeave: () => void;
    onPointerDown: () => void;
    onFocus: () => void;
    onClick: () => void;
  };
  /** Starts the download (a popup that is to show at once, e.g. one kept open in the browser). */
  start: () => void;
}

export function useFirstUse<T>(code: FirstUseCode<T>): FirstUse<T> {
  const [loaded, setLoaded] = useState<T | null>(code.loaded);
  const element = useRef<HTMLElement | null>(null);
  const hasFocusToMove = useRef(false);
  const isClicked = useRef(false);
  const isHovered = useRef(false);
  const isPressed = useRef(false);
  const swapAfterPress = useRef<(() => void) | null>(null);
  const [isHoveredAtStart, setHoveredAtStart] = useState(false);
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  // Once per control: from the light one to the full one (another control may have loaded the code already).
  const isLight = useRef(loaded === null);
  const start = useCallback(() => {
    if (!isLight.current) return;
    code.load().then(
      (module) => {
        const swap = () => {
          if (!isMounted.current || !isLight.current) return;
          isLight.current = false;
          hasFocusToMove.current = element.current !== null && element.current === document.activeElement;
          // At once, not in a later render: a control replaced between pointer down and up gets no click.
          flushSync(() => {
            setHoveredAtStart(isHovered.current);
            setLoaded(() => module);
          });
        };
        // Pressed: the swap waits until the click has reached the light control.
        if (isPressed.current) swapAfterPress.current = swap;
        else swap();
      },
      () => undefined, // offline: the light control stays, and the next use tries again
    );
  }, [code]);

  const ref = useCallback((node: HTMLElement | null) => {
    element.current = node;
  }, []);
  // The focus moves as the full control mounts; typed text keeps its caret at the end. Then the control renders
  // once more: what it portals (a combobox's list) registers itself only after its own mount, and the box says it
  // is expanded only in a render after that.
  const [, setSettled] = useState(false);
  useEffect(() => {
    const node = element.current;
    if (!loaded || !node || !(hasFocusToMove.current || isClicked.current)) return;
    if (hasFocusToMove.current) {
      hasFocusToMove.current = false;
      node.focus();
      if (node instanceof HTMLInputElement) node.setSelectionRange(node.value.length, node.value.length);
    }
    // Clicked before its code was there: the full control gets the click, and opens as from a click (a menu
    // then gives the focus back to its button when it closes).
    if (isClicked.current) {
      isClicked.current = false;
      node.click();
    }
    const timer = setTimeout(() => setSettled(true), 0);
    return () => clearTimeout(timer);
  }, [loaded]);

  return {
    code: loaded,
    ref,
    isHoveredAtStart,
    start,
    lightProps: {
      onPointerEnter: () => {
        isHovered.current = true;
        start();
      },
      onPointerLeave: () => {
        isHovered.current = false;
      },
      onPointerDown: () => {
        isPressed.current = true;
        // After the pointer is up, the click (dispatched right after) first; then a swap that waited.
        window.addEventListener(
          'pointerup',
          () => {
            isPressed.current = false;
            const swap = swapAfterPress.current;
            swapAfterPress.current = null;
            if (swap) setTimeout(swap, 0);
          },
          { once: true, capture: true },
        );
        start();
      },
      onFocus: start,
      onClick: () => {
        isClicked.current = true;
        start();
      },
    },
  };
}

// The controller overlay's visibility (core.md §4, §9): shown on mouse move (or touch) over the player and
// hidden 3 s later, unless the pointer is over the controller, keyboard focus is inside it (a keyboard user
// reaches it with Tab and keeps it while working it), or one of its menus is open.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CONTROLLER_HIDE_MS } from '@camwatch/contract/constants';
import { isControllerShown } from '../player-rules.ts';

export function useControllerVisibility() {
  const controllerRef = useRef<HTMLDivElement>(null);
  const [lastActivity, setLastActivity] = useState(() => Date.now());
  const [isHovered, setHovered] = useState(false);
  const [hasFocusWithin, setFocusWithin] = useState(false);
  const [, setTick] = useState(0);

  const isMenuOpen = () =>
    controllerRef.current?.querySelector('[role="menu"], [role="dialog"]:not([hidden])') != null;
  const shown = isControllerShown({
    msSinceActivity: Date.now() - lastActivity,
    isHovered,
    hasFocusWithin,
    isMenuOpen: isMenuOpen(),
  });

  // Wake up when the 3 s are over to hide it (and keep checking while a menu holds it open).
  useEffect(() => {
    if (!shown) return;
    const wait = Math.max(50, CONTROLLER_HIDE_MS - (Date.now() - lastActivity) + 20);
    const timer = setTimeout(() => setTick((n) => n + 1), wait);
    return () => clearTimeout(timer);
  });

  const activity = useCallback(() => setLastActivity(Date.now()), []);

  /** Handlers for the whole player (picture and controller). */
  const stageProps = { onMouseMove: activity, onTouchStart: activity };
  /** Handlers for the controller itself. */
  const controllerProps = {
    ref: controllerRef,
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => {
      setHovered(false);
      activity();
    },
    // Only keyboard focus counts: a mouse click also focuses the button it hits.
    onFocus: (event: React.FocusEvent<HTMLElement>) => setFocusWithin(event.target.matches(':focus-visible')),
    onBlur: (event: React.FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusWithin(false);
    },
    onKeyDown: activity,
  };
  return { isShown: shown, stageProps, controllerProps };
}

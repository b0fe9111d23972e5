// Full screen for the player and its controller alone (core.md §4): whether the box is in full screen, kept up
// to date, toggling it, and leaving it when the page goes (or before a dialog opens on the page).
import { useEffect, useState } from 'react';

export function useFullscreen() {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [isFullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const update = () => setFullscreen(box !== null && document.fullscreenElement === box);
    update();
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, [box]);
  // Leaving the page leaves full screen too.
  useEffect(
    () => () => {
      if (box && document.fullscreenElement === box) void document.exitFullscreen().catch(() => {});
    },
    [box],
  );
  const exit = () => {
    if (isFullscreen) void document.exitFullscreen().catch(() => {});
  };
  const toggle = () => {
    if (isFullscreen) exit();
    else void box?.requestFullscreen().catch(() => {});
  };
  return { boxRef: setBox, isFullscreen, toggle, exit };
}

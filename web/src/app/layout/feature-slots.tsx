// Features the screens show from one another, composed here because features do not import each other:
// the camera list's multi-video wall (with the player's more-menu and its number-of-divisions item), and the
// detail page's 360-degree viewer and time-lapse dialog, and the list's tag dialog. Each loads on first use.
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { onFirstOpen } from '../../components/ui/on-first-open.tsx';
import type { MultiWallSlotProps, TagDialogProps } from '../../features/cameras/camera-list-slots.ts';
import type { FisheyeSlotProps, TimeLapseSlotProps } from '../../features/player/detail-slots.ts';

const MultiWallWithMenu = lazy(() => import('./multi-wall-with-menu.tsx'));
const Fisheye = lazy(async () => ({
  default: (await import('../../features/fisheye/components/FisheyeViewer.tsx')).FisheyeViewer,
}));
const TimeLapse = lazy(async () => ({
  default: (await import('../../features/timelapse/components/TimeLapseDialog.tsx')).TimeLapseDialog,
}));

const spinner = (
  <Center py="xl">
    <Loader size="sm" />
  </Center>
);

export function MultiWallSlot(props: MultiWallSlotProps) {
  return (
    <Suspense fallback={spinner}>
      <MultiWallWithMenu {...props} />
    </Suspense>
  );
}

export function FisheyeSlot(props: FisheyeSlotProps) {
  return (
    <Suspense fallback={null}>
      <Fisheye {...props} />
    </Suspense>
  );
}

export function TimeLapseSlot(props: TimeLapseSlotProps) {
  if (!props.opened) return null;
  return (
    <Suspense fallback={null}>
      <TimeLapse {...props} />
    </Suspense>
  );
}

/** The tag dialog: its form (checkboxes, a table) loads when it first opens (issue 19). */
export const TagDialogSlot = onFirstOpen<TagDialogProps>(
  async () => (await import('../../features/tags/components/TagDialog.tsx')).TagDialog,
  (props) => props.opened,
);

// The camera list's map tab, from the map feature: loaded (with Leaflet) only when the tab is shown, so the
// list route does not grow.
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { CameraMapSlotProps } from '../../features/cameras/camera-list-slots.ts';

const CameraMapView = lazy(() => import('../../features/map/components/CameraMapView.tsx'));

export function CameraMapSlot(props: CameraMapSlotProps) {
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      }
    >
      <CameraMapView {...props} />
    </Suspense>
  );
}

// What the detail page shows from other features, handed in by the app shell (features do not import one
// another): the 360-degree viewer over the player of a fisheye camera, and the time-lapse dialog.
import { createContext, useContext, type ComponentType } from 'react';

export interface FisheyeSlotProps {
  cameraName: string;
  imageWidth: number;
  imageHeight: number;
  fps: number;
  /** The element holding the current picture: the live canvas or the archive video. */
  getSource: () => HTMLCanvasElement | HTMLVideoElement | null;
}

export interface TimeLapseSlotProps {
  cameraCode: string;
  cameraName: string;
  opened: boolean;
  onClose: () => void;
}

export interface DetailSlots {
  FisheyeViewer: ComponentType<FisheyeSlotProps> | null;
  TimeLapseDialog: ComponentType<TimeLapseSlotProps> | null;
}

export const DetailSlotsContext = createContext<DetailSlots>({ FisheyeViewer: null, TimeLapseDialog: null });

export const useDetailSlots = () => useContext(DetailSlotsContext);

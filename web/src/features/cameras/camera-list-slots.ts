// What the camera list needs from the tags feature, handed in by the app shell (features do not import one
// another): the tag names for the filter dialog and chips, and the tag dialog itself.
import { createContext, useContext, type ComponentType } from 'react';

export interface TagOption {
  tag_code: string;
  tag_name: string;
}

export interface TagDialogProps {
  opened: boolean;
  /** The cameras whose tags are set; none: only editing the tags is possible. */
  cameraCodes: string[];
  /** Opens in editing (management) mode. */
  editing?: boolean;
  onClose: () => void;
  /** After tags were assigned to the cameras. */
  onAssigned?: () => void;
}

export interface CameraListSlots {
  tags: TagOption[];
  TagDialog: ComponentType<TagDialogProps> | null;
}

export const CameraListSlotsContext = createContext<CameraListSlots>({ tags: [], TagDialog: null });

export const useCameraListSlots = () => useContext(CameraListSlotsContext);

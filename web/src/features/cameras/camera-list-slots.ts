// What the camera list needs from the tags feature, handed in by the app shell (features do not import one
// another): the tag names for the filter dialog and chips, the tag dialog itself, and the multi-video wall.
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { CameraListItem } from '@camwatch/contract/cameras';
import type { MultiVideoDivision } from '@camwatch/contract/constants';

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

/** The multi-video wall of the `multi` tab (features/wall), given the page's cameras. */
export interface MultiWallSlotProps {
  cameras: readonly CameraListItem[];
  division: MultiVideoDivision;
  onDivisionChange: (division: MultiVideoDivision) => void;
  /** The list's pager, shown in the wall's header. */
  pager: ReactNode;
}

/** The map of the `map` tab (features/map): the list's conditions and page, and the point to show. */
export interface CameraMapSlotProps {
  conditions: { filter: string[]; tags: string[]; func: string[]; watch_status?: 'down' | 'normal' };
  cameras: readonly CameraListItem[];
  /** The list's pager, under the map's side list. */
  pager: ReactNode;
  /** From the URL (show on map): the point to centre on, as written, and the selected camera. */
  focus: { lat: string | null; lng: string | null; camera: string | null };
}

export interface CameraListSlots {
  tags: TagOption[];
  /** The tag list's freshness once it has loaded: a tags[] code missing from a fresh list is a deleted tag. */
  tagList?: { loadedAt: number; isFetching: boolean; refresh: () => unknown };
  TagDialog: ComponentType<TagDialogProps> | null;
  MultiWall?: ComponentType<MultiWallSlotProps> | null;
  CameraMap?: ComponentType<CameraMapSlotProps> | null;
}

export const CameraListSlotsContext = createContext<CameraListSlots>({ tags: [], TagDialog: null });

export const useCameraListSlots = () => useContext(CameraListSlotsContext);

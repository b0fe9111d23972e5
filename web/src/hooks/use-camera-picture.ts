// The picture behind the area editor: the camera's latest thumbnail; without one (a camera that has not
// recorded a minute yet) or when it fails to load, one live still when the user may watch live; else none.
import { useEffect, useState } from 'react';
import type { CameraDetail } from '@camwatch/contract/cameras';
import { isLivePossible } from '@camwatch/contract/permissions';
import { useMe } from '../lib/current-user.ts';
import { useLiveStill } from '../components/area-editor/live-still.ts';

export interface CameraPicture {
  url: string | null;
  isLoading: boolean;
  onError: () => void;
}

export function useCameraPicture(camera: CameraDetail): CameraPicture {
  const me = useMe();
  const [thumbFailed, setThumbFailed] = useState(false);
  const [stillFailed, setStillFailed] = useState(false);
  const wantsStill = (camera.thumb_url === null || thumbFailed) && isLivePossible(me.permissions, camera);
  const still = useLiveStill(camera.camera_code, wantsStill);
  const [stillUrl, setStillUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!still.data) return;
    const url = URL.createObjectURL(still.data);
    setStillUrl(url);
    return () => {
      URL.revokeObjectURL(url);
      setStillUrl(null);
    };
  }, [still.data]);

  if (camera.thumb_url !== null && !thumbFailed)
    return { url: camera.thumb_url, isLoading: false, onError: () => setThumbFailed(true) };
  if (!wantsStill || stillFailed) return { url: null, isLoading: false, onError: () => {} };
  return {
    url: stillUrl,
    isLoading: still.isPending && stillUrl === null,
    onError: () => setStillFailed(true),
  };
}

// The multi-video wall with the player's more-menu: in multi view the menu's only item is the number of
// divisions (lighting, PTZ and download belong to one camera).
import { MoreMenu } from '../../features/player/components/MoreMenu.tsx';
import { MultiWall } from '../../features/wall/components/MultiWall.tsx';
import type { MultiWallSlotProps } from '../../features/cameras/camera-list-slots.ts';

export default function MultiWallWithMenu(props: MultiWallSlotProps) {
  return (
    <MultiWall
      {...props}
      renderMoreMenu={({ isEnabled, division, onDivisionChange }) => (
        <MoreMenu
          cameraCode=""
          state={{
            isEnabled,
            showLighting: false,
            showPtz: false,
            canDownload: false,
            showEnterAlertCsv: false,
          }}
          onOpenPtz={() => {}}
          division={{ value: division, onChange: onDivisionChange }}
        />
      )}
    />
  );
}

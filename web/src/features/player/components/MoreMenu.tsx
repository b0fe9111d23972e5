// The player's more-menu (core.md §2; advanced.md §6): lighting on/off, PTZ control, archive download, the
// enter-alert CSV download (TLT), a share link of a range (issue 22; its dialog loads on first use) and, in the
// multi-video view, the number of divisions; each shown or enabled by the user's rights, the camera and the
// environment. A Mantine Menu: arrow keys move between items, Enter or Space chooses, Escape closes; its code loads
// on first use (FirstUseMenu, issue 19). It renders inside the controller so it also shows in full screen.
import { ActionIcon, Badge, type Menu as MantineMenu } from '@mantine/core';
import {
  IconArrowsMove,
  IconBulb,
  IconCheck,
  IconDots,
  IconDownload,
  IconFileSpreadsheet,
  IconShare,
} from '@tabler/icons-react';
import { MULTI_VIDEO_DIVISIONS, type MultiVideoDivision } from '@camwatch/contract/constants';
import { lazy, Suspense, useState } from 'react';
import { FirstUseMenu } from '../../../components/ui/FirstUseMenu.tsx';
import { HintTooltip } from '../../../components/ui/HintTooltip.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toast.ts';
import { setLighting } from '../api/camera-control.ts';
import type { MoreMenuState } from '../more-menu-rules.ts';
import '../share-menu-texts.ts';

/** The share dialog loads on first use (issue 22). */
const ShareLinkDialog = lazy(() => import('./ShareLinkDialog.tsx'));

/** A shareable link of a range of this camera's recordings; absent where the user cannot share (or in the wall). */
export interface ShareEntry {
  /** The minute the player shows; null on live. */
  minuteMs: number | null;
  canAllowDownload: boolean;
  /** Dialogs open on the page: leaves full screen first. */
  beforeOpen: () => void;
}

interface Props {
  cameraCode: string;
  state: MoreMenuState;
  onOpenPtz: () => void;
  /** Archive download of this camera; absent in the multi-video view. */
  onOpenDownload?: () => void;
  /** The enter-alert CSV download of this camera; absent in the multi-video view. */
  onOpenEnterAlertCsv?: () => void;
  /** The multi-video view's number of divisions. */
  division?: { value: MultiVideoDivision; onChange: (division: MultiVideoDivision) => void };
  share?: ShareEntry;
}

export function MoreMenu({
  cameraCode,
  state,
  onOpenPtz,
  onOpenDownload,
  onOpenEnterAlertCsv,
  division,
  share,
}: Props) {
  const { t } = useTranslation();
  const [isShareOpen, setShareOpen] = useState(false);
  const [isLightOn, setLightOn] = useState(false);
  const [isSwitching, setSwitching] = useState(false);

  const toggleLighting = async () => {
    const next = !isLightOn;
    setSwitching(true);
    try {
      const result = await setLighting(cameraCode, next);
      if (result.ok) {
        setLightOn(result.value);
        showToast({
          color: 'green',
          message: t('player.lightingChanged', {
            state: result.value ? t('player.lightingOn') : t('player.lightingOff'),
          }),
        });
      } else {
        showToast({ color: 'red', message: t(`player.commandFailure.${result.reason}`) });
      }
    } catch {
      // 5xx and network errors already showed the common error.
    } finally {
      setSwitching(false);
    }
  };

  const download = (Menu: typeof MantineMenu) => (
    <Menu.Item
      leftSection={<IconDownload size={16} aria-hidden />}
      disabled={!state.canDownload}
      onClick={onOpenDownload}
    >
      {t('player.download.open')}
    </Menu.Item>
  );

  return (
    <>
      <FirstUseMenu
        position="top-end"
        withinPortal={false}
        shadow="md"
        width={220}
        target={
          <ActionIcon
            variant="subtle"
            color="gray.1"
            style={{ backgroundColor: 'transparent' }}
            size="lg"
            aria-label={t('player.more')}
            disabled={!state.isEnabled}
          >
            <IconDots size={20} aria-hidden />
          </ActionIcon>
        }
        items={(Menu) => (
          <>
            {state.showLighting && (
              <Menu.Item
                role="menuitemcheckbox"
                aria-checked={isLightOn}
                closeMenuOnClick={false}
                disabled={isSwitching}
                leftSection={<IconBulb size={16} aria-hidden />}
                rightSection={
                  <Badge
                    size="sm"
                    variant={isLightOn ? 'filled' : 'light'}
                    color={isLightOn ? 'yellow' : 'gray'}
                  >
                    {isLightOn ? t('player.lightingOn') : t('player.lightingOff')}
                  </Badge>
                }
                onClick={() => void toggleLighting()}
              >
                {t('player.lighting')}
              </Menu.Item>
            )}
            {state.showPtz && (
              <Menu.Item leftSection={<IconArrowsMove size={16} aria-hidden />} onClick={onOpenPtz}>
                {t('player.ptz.open')}
              </Menu.Item>
            )}
            {division && (
              <>
                <Menu.Label>{t('player.divisions')}</Menu.Label>
                {MULTI_VIDEO_DIVISIONS.map((count) => (
                  <Menu.Item
                    key={count}
                    aria-current={division.value === count ? 'true' : undefined}
                    rightSection={division.value === count ? <IconCheck size={14} aria-hidden /> : undefined}
                    onClick={() => division.onChange(count)}
                  >
                    {t('player.divisionOption', { count })}
                  </Menu.Item>
                ))}
              </>
            )}
            {onOpenDownload &&
              (state.canDownload ? (
                download(Menu)
              ) : (
                <HintTooltip label={t('messages.noPermission')} position="left">
                  <div>{download(Menu)}</div>
                </HintTooltip>
              ))}
            {onOpenEnterAlertCsv && state.showEnterAlertCsv && (
              <Menu.Item
                leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                onClick={onOpenEnterAlertCsv}
              >
                {t('player.enterAlertCsv.open')}
              </Menu.Item>
            )}
            {share && (
              <Menu.Item
                leftSection={<IconShare size={16} aria-hidden />}
                onClick={() => {
                  share.beforeOpen();
                  setShareOpen(true);
                }}
              >
                {t('shareMenu.open')}
              </Menu.Item>
            )}
          </>
        )}
      />
      {share && isShareOpen && (
        <Suspense fallback={null}>
          <ShareLinkDialog
            cameraCode={cameraCode}
            minuteMs={share.minuteMs}
            canAllowDownload={share.canAllowDownload}
            onClose={() => setShareOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

// The player controller of the detail page (core.md §2, §4, §6, §9), laid over the bottom of the picture: the
// seek bar (with the minute's snapshot while hovered), then the LIVE switch, play/pause, volume with mute,
// speed cycling and skip to latest; frame step back and forward beside play/pause while paused (issue 22), with
// the period's edge said when reached. Archive controls are off while live plays. At the end: digital zoom out
// and in (issue 22), video info, screenshot, full size, full screen and the more-menu. It fades out when idle
// (use-controller-visibility.ts) but stays in the tab order and clickable (a pointer reaching it has moved,
// which shows it again), and shows as soon as keyboard focus enters it. Its height is kept on the stage as
// --player-controller-height, so the messages over the picture sit above it instead of under the seek bar (a
// phone wraps it to three rows).
import { ActionIcon, Box, Button, Group, Slider, Switch, Text } from '@mantine/core';
import { FirstUseTooltip as Tooltip } from '../../../components/ui/FirstUseTooltip.tsx';
import {
  IconChevronLeftPipe,
  IconChevronRightPipe,
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconCamera,
  IconMaximize,
  IconMinimize,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconPlayerSkipForwardFilled,
  IconVolume,
  IconVolumeOff,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import { useMergedRef } from '@mantine/hooks';
import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import type { EventSpan } from '@camwatch/contract/archives';
import { VOLUME_STEP } from '@camwatch/contract/constants';
import { useTranslation } from '../../../lib/i18n.ts';
import type { PlayerZoom } from '../hooks/use-player-zoom.ts';
import { MAX_ZOOM } from '../player-tools-rules.ts';
import { SeekBar } from './SeekBar.tsx';

/** Controls sit on the dark bar: no light disabled background. */
const onDark = { backgroundColor: 'transparent' };

/** An icon button of the bar; `label` names it for screen readers and, with `tooltip`, shows on hover. */
function BarButton(props: {
  label: string;
  tooltip?: boolean;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const button = (
    <ActionIcon
      variant="subtle"
      color="gray.1"
      style={onDark}
      size="lg"
      aria-label={props.label}
      aria-pressed={props.pressed}
      onClick={props.onClick}
      disabled={props.disabled}
    >
      {props.children}
    </ActionIcon>
  );
  return props.tooltip ? <Tooltip label={props.label}>{button}</Tooltip> : button;
}

/** The CSS variable on the player stage holding the controller's height (px). */
export const CONTROLLER_HEIGHT_VAR = '--player-controller-height';

/** Keeps the element's height in CONTROLLER_HEIGHT_VAR on its parent (the stage) while it is mounted. */
function useHeightOnParent() {
  const own = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = own.current;
    const stage = element?.parentElement;
    if (!element || !stage) return;
    const update = () => stage.style.setProperty(CONTROLLER_HEIGHT_VAR, `${element.offsetHeight}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      stage.style.removeProperty(CONTROLLER_HEIGHT_VAR);
    };
  }, []);
  return own;
}

export interface LiveSwitchProps {
  isVisible: boolean;
  isOn: boolean;
  onChange: (on: boolean) => void;
  isSupported: boolean;
}

interface Props {
  /** Whether the overlay shows, and the handlers that keep it shown (hover, keyboard focus). */
  isShown: boolean;
  controllerProps: {
    ref: Ref<HTMLDivElement>;
    onMouseEnter: () => void;
    onMouseLeave: () => void;
    onFocus: (event: React.FocusEvent<HTMLElement>) => void;
    onBlur: (event: React.FocusEvent<HTMLElement>) => void;
    onKeyDown: () => void;
  };
  /** The camera and the playing minute's start, for the seek bar's snapshot. */
  cameraCode: string;
  minuteMs: number | null;
  isLive: boolean;
  hasArchiveRight: boolean;
  canPlay: boolean;
  isPlaying: boolean;
  onTogglePlay: () => void;
  currentTime: number;
  markers: readonly EventSpan[];
  onSeek: (seconds: number) => void;
  volume: number;
  isMuted: boolean;
  onVolume: (volume: number) => void;
  onToggleMute: () => void;
  speed: number;
  onNextSpeed: () => void;
  onSkipLatest: () => void;
  live: LiveSwitchProps;
  canScreenshot: boolean;
  onScreenshot: () => void;
  isFullscreen: boolean;
  onToggleFullscreen: () => void;
  isFullSize: boolean;
  onToggleFullSize: () => void;
  /** The video info toggle, built by the page. */
  videoInfo: ReactNode;
  /** The more-menu, built by the page. */
  moreMenu: ReactNode;
  /** Frame step: whether it can step now (paused on a ready clip), the step, and the period's edge reached. */
  canStepFrame?: boolean;
  onStepFrame?: (direction: 1 | -1) => void;
  frameEdge?: 'start' | 'end' | null;
  /** Digital zoom of the picture (its buttons show while there is a picture to zoom). */
  zoom?: PlayerZoom;
}

export function PlayerControls(props: Props) {
  const { t } = useTranslation();
  const { isLive, live } = props;
  const archiveDisabled = isLive || !props.canPlay;
  const { ref, ...handlers } = props.controllerProps;
  const measured = useHeightOnParent();
  const mergedRef = useMergedRef(ref, measured);
  return (
    <Box
      ref={mergedRef}
      {...handlers}
      pos="absolute"
      left={0}
      right={0}
      bottom={0}
      px="sm"
      pt={28}
      pb={6}
      data-shown={props.isShown}
      data-testid="player-controller"
      style={{
        zIndex: 10,
        background: 'linear-gradient(to bottom, transparent, rgba(0, 0, 0, 0.8) 40%)',
        opacity: props.isShown ? 1 : 0,
        transition: 'opacity 200ms',
      }}
    >
      {props.hasArchiveRight && !isLive && (
        <SeekBar
          value={props.currentTime}
          markers={props.markers}
          disabled={archiveDisabled}
          onSeek={props.onSeek}
          cameraCode={props.cameraCode}
          minuteMs={props.minuteMs}
        />
      )}
      <Group role="toolbar" aria-label={t('player.controls')} gap="sm" wrap="wrap" c="gray.1">
        <Box>
          {live.isVisible ? (
            <Switch
              checked={live.isOn}
              onChange={(event) => live.onChange(event.currentTarget.checked)}
              label={t('player.live')}
              aria-label={t('player.liveSwitch')}
              color="red"
              styles={{ label: { color: 'var(--mantine-color-gray-1)', fontWeight: 700 } }}
            />
          ) : (
            !live.isSupported && (
              <Text size="sm" c="gray.4">
                {t('player.liveNotSupported')}
              </Text>
            )
          )}
        </Box>
        {props.hasArchiveRight && (
          <>
            <BarButton
              label={props.isPlaying ? t('player.pause') : t('player.play')}
              onClick={props.onTogglePlay}
              disabled={archiveDisabled}
            >
              {props.isPlaying ? <IconPlayerPauseFilled size={20} /> : <IconPlayerPlayFilled size={20} />}
            </BarButton>
            {props.onStepFrame && !isLive && (
              <Group gap={0} wrap="nowrap">
                <BarButton
                  label={t('playerTools.previousFrame')}
                  tooltip
                  onClick={() => props.onStepFrame?.(-1)}
                  disabled={!props.canStepFrame}
                >
                  <IconChevronLeftPipe size={20} aria-hidden />
                </BarButton>
                <BarButton
                  label={t('playerTools.nextFrame')}
                  tooltip
                  onClick={() => props.onStepFrame?.(1)}
                  disabled={!props.canStepFrame}
                >
                  <IconChevronRightPipe size={20} aria-hidden />
                </BarButton>
              </Group>
            )}
            {props.frameEdge && !isLive && (
              <Text size="xs" c="yellow.3" role="status" data-testid="frame-edge" data-edge={props.frameEdge}>
                {t(props.frameEdge === 'start' ? 'playerTools.edgeStart' : 'playerTools.edgeEnd')}
              </Text>
            )}
            <Group gap={4} wrap="nowrap">
              <BarButton
                label={props.isMuted ? t('player.unmute') : t('player.mute')}
                pressed={props.isMuted}
                onClick={props.onToggleMute}
                disabled={isLive}
              >
                {props.isMuted ? <IconVolumeOff size={20} /> : <IconVolume size={20} />}
              </BarButton>
              <Slider
                w={80}
                min={0}
                max={1}
                step={VOLUME_STEP}
                value={props.isMuted ? 0 : props.volume}
                aria-valuetext={`${Math.round((props.isMuted ? 0 : props.volume) * 100)}%`}
                onChange={props.onVolume}
                thumbLabel={t('player.volume')}
                label={(v) => `${Math.round(v * 100)}%`}
                disabled={isLive}
                size="sm"
                color="gray.3"
              />
            </Group>
            <Button
              variant="subtle"
              color="gray.1"
              style={onDark}
              size="compact-sm"
              aria-label={t('player.speed', { speed: props.speed })}
              onClick={props.onNextSpeed}
              disabled={isLive}
              w={48}
            >
              {t('player.speedValue', { speed: props.speed })}
            </Button>
            <BarButton label={t('player.skipLatest')} tooltip onClick={props.onSkipLatest}>
              <IconPlayerSkipForwardFilled size={20} />
            </BarButton>
          </>
        )}
        <Group gap={4} wrap="nowrap" ml="auto">
          {props.zoom?.isEnabled && (
            <>
              <BarButton
                label={t('playerTools.zoomOut')}
                tooltip
                onClick={props.zoom.zoomOut}
                disabled={!props.zoom.isZoomed}
              >
                <IconZoomOut size={20} aria-hidden />
              </BarButton>
              <BarButton
                label={t('playerTools.zoomIn')}
                tooltip
                onClick={props.zoom.zoomIn}
                disabled={props.zoom.view.scale >= MAX_ZOOM}
              >
                <IconZoomIn size={20} aria-hidden />
              </BarButton>
            </>
          )}
          {props.videoInfo}
          <BarButton
            label={t('player.screenshot')}
            tooltip
            onClick={props.onScreenshot}
            disabled={!props.canScreenshot}
          >
            <IconCamera size={20} aria-hidden />
          </BarButton>
          <BarButton
            label={props.isFullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
            tooltip
            pressed={props.isFullscreen}
            onClick={props.onToggleFullscreen}
          >
            {props.isFullscreen ? (
              <IconMinimize size={20} aria-hidden />
            ) : (
              <IconMaximize size={20} aria-hidden />
            )}
          </BarButton>
          <BarButton
            label={props.isFullSize ? t('player.exitFullSize') : t('player.fullSize')}
            tooltip
            pressed={props.isFullSize}
            onClick={props.onToggleFullSize}
          >
            {props.isFullSize ? (
              <IconArrowsMinimize size={20} aria-hidden />
            ) : (
              <IconArrowsMaximize size={20} aria-hidden />
            )}
          </BarButton>
          {props.moreMenu}
        </Group>
      </Group>
    </Box>
  );
}

// One event of the list: the thumbnail of its minute (a few seconds of its recording play, muted, while the pointer
// rests on it or the row is selected), when, which camera, what kind, and whether the user has reviewed it. The
// row's link opens the detail page playing the recording at that moment.
import { Anchor, Badge, Box, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconPhotoOff } from '@tabler/icons-react';
import { forwardRef, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { CameraEvent } from '@camwatch/contract/events';
import { getArchiveVideoUrl } from '../../../lib/api/archive-video-url.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { eventRecordingPath, previewWindow } from '../event-filters.ts';

const THUMB_WIDTH = 160;
const THUMB_HEIGHT = 90;
/** The pointer rests this long before the preview's address is asked for (passing over rows costs nothing). */
const HOVER_DELAY_MS = 250;

const KIND_COLORS: Record<CameraEvent['kind'], string> = {
  motion: 'blue',
  person: 'grape',
  entry: 'red',
  people_pass: 'teal',
  camera_down: 'dark',
  camera_up: 'green',
};

function Preview({ event, label }: { event: CameraEvent; label: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (!event.archive_id) return;
    const controller = new AbortController();
    getArchiveVideoUrl(event.archive_id, controller.signal).then(setUrl, () => setUrl(null));
    return () => controller.abort();
  }, [event.archive_id]);
  if (!url) return null;
  const windowOf = (video: HTMLVideoElement) => previewWindow(event.clip_offset_sec ?? 0, video.duration);
  return (
    <video
      ref={ref}
      src={url}
      muted
      autoPlay
      playsInline
      aria-label={label}
      data-testid="event-preview"
      width={THUMB_WIDTH}
      height={THUMB_HEIGHT}
      style={{ position: 'absolute', inset: 0, objectFit: 'cover', background: '#000' }}
      onLoadedMetadata={(e) => {
        e.currentTarget.currentTime = windowOf(e.currentTarget).start;
      }}
      onTimeUpdate={(e) => {
        const video = e.currentTarget;
        const { start, end } = windowOf(video);
        if (video.currentTime >= end) video.currentTime = start;
      }}
    />
  );
}

export interface EventRowProps {
  event: CameraEvent;
  isSelected: boolean;
  onSelect: () => void;
  onMarkReviewed: () => void;
}

export const EventRow = forwardRef<HTMLAnchorElement, EventRowProps>(function EventRow(
  { event, isSelected, onSelect, onMarkReviewed },
  linkRef,
) {
  const { t } = useTranslation();
  const [isHovered, setHovered] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const time = formatDateTime(Date.parse(event.at));
  const kind = t(`events.kindNames.${event.kind}`);
  const details = [
    event.detail.movements !== undefined
      ? t('events.detail.movements', { count: event.detail.movements })
      : null,
    event.detail.area_name !== undefined ? t('events.detail.area', { name: event.detail.area_name }) : null,
    event.detail.in_out ? t(event.detail.in_out === 'I' ? 'events.detail.in' : 'events.detail.out') : null,
    event.detail.is_staff ? t('events.detail.staff') : null,
    event.ends_at && event.ends_at !== event.at
      ? t('events.until', { time: formatDateTime(Date.parse(event.ends_at)).slice(11) })
      : null,
  ].filter((part): part is string => part !== null);
  const showPreview = (isHovered || isSelected) && event.archive_id !== null;

  return (
    <Paper
      component="li"
      withBorder
      p="xs"
      data-event-id={event.id}
      data-kind={event.kind}
      data-reviewed={event.reviewed}
      aria-current={isSelected ? 'true' : undefined}
      bg={isSelected ? 'var(--mantine-color-blue-light)' : undefined}
      style={{ listStyle: 'none' }}
      onMouseEnter={() => {
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => setHovered(true), HOVER_DELAY_MS);
      }}
      onMouseLeave={() => {
        window.clearTimeout(timer.current);
        setHovered(false);
      }}
    >
      <Group wrap="nowrap" align="center" gap="sm">
        <Box
          pos="relative"
          w={THUMB_WIDTH}
          h={THUMB_HEIGHT}
          style={{
            flex: 'none',
            overflow: 'hidden',
            borderRadius: 4,
            background: 'var(--mantine-color-gray-2)',
          }}
        >
          {event.thumb_url ? (
            <Image
              src={event.thumb_url}
              alt={t('events.thumbnail', { camera: event.camera_name, time })}
              w={THUMB_WIDTH}
              h={THUMB_HEIGHT}
              fit="cover"
              loading="lazy"
            />
          ) : (
            <Stack align="center" justify="center" h="100%" gap={2}>
              <IconPhotoOff size={20} aria-hidden />
              <Text size="xs" c="dimmed">
                {event.archive_id ? t('events.noPreview') : t('events.noRecording')}
              </Text>
            </Stack>
          )}
          {showPreview && (
            <Preview event={event} label={t('events.preview', { camera: event.camera_name, time })} />
          )}
        </Box>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Anchor
            ref={linkRef}
            component={Link}
            to={eventRecordingPath(event.camera_code, event.at)}
            onFocus={onSelect}
            fw={event.reviewed ? 400 : 700}
            aria-label={`${t('events.eventLabel', { time, camera: event.camera_name, kind })}${
              event.reviewed ? '' : ` (${t('events.unreviewed')})`
            }`}
            title={t('events.open')}
          >
            {`${time} ${event.camera_name}`}
          </Anchor>
          <Group gap="xs">
            <Badge color={KIND_COLORS[event.kind]} variant="light">
              {kind}
            </Badge>
            {details.length > 0 && (
              <Text size="sm" c="dimmed">
                {details.join(' / ')}
              </Text>
            )}
          </Group>
        </Stack>
        {event.reviewed ? (
          <Group gap={4} c="dimmed" style={{ flex: 'none' }}>
            <IconCheck size={16} aria-hidden />
            <Text size="sm">{t('events.reviewed')}</Text>
          </Group>
        ) : (
          <Button size="xs" variant="default" style={{ flex: 'none' }} onClick={onMarkReviewed}>
            {t('events.markReviewed')}
          </Button>
        )}
      </Group>
    </Paper>
  );
});

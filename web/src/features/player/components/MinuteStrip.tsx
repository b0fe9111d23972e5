// Every minute of the chosen hour as a button (core.md §3, §4): recorded, with motion, not recorded, or not yet
// uploaded (future). A list of toggle buttons, so keyboards and screen readers reach each minute.
import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import type { ArchiveEntry } from '@camwatch/contract/archives';
import { isFutureArchive } from '@camwatch/contract/archive-rules';
import { useTranslation } from '../../../lib/i18n.ts';
import { localTime } from '../player-rules.ts';

interface Props {
  archives: readonly ArchiveEntry[];
  selected: string | null;
  onSelect: (entry: ArchiveEntry) => void;
  nowMs: number;
  hourLabel: string;
}

const hasMotion = (entry: ArchiveEntry) => entry.motion_state || entry.events.motionDetect.length > 0;

const cellColors = (entry: ArchiveEntry, isFuture: boolean, isSelected: boolean) => {
  if (isSelected) return { bg: 'var(--mantine-color-blue-7)', fg: 'white' };
  if (entry.has_data) return { bg: 'var(--mantine-color-blue-1)', fg: 'var(--mantine-color-blue-9)' };
  if (isFuture) return { bg: 'transparent', fg: 'var(--mantine-color-gray-5)' };
  return { bg: 'var(--mantine-color-gray-2)', fg: 'var(--mantine-color-gray-6)' };
};

export function MinuteStrip({ archives, selected, onSelect, nowMs, hourLabel }: Props) {
  const { t } = useTranslation();
  return (
    <Box>
      <Box
        component="ul"
        aria-label={t('player.minutes', { from: hourLabel })}
        p={0}
        m={0}
        style={{
          listStyle: 'none',
          display: 'grid',
          gap: 3,
          gridTemplateColumns: 'repeat(auto-fill, minmax(34px, 1fr))',
        }}
      >
        {archives.map((entry) => {
          const time = localTime(Date.parse(entry.start_time));
          const isFuture = isFutureArchive(entry, archives, nowMs);
          const isSelected = entry.start_time === selected;
          const motion = entry.has_data && hasMotion(entry);
          const label = entry.has_data
            ? t(motion ? 'player.minute.motion' : 'player.minute.hasData', { time })
            : t(isFuture ? 'player.minute.future' : 'player.minute.noData', { time });
          const colors = cellColors(entry, isFuture, isSelected);
          return (
            <li key={entry.start_time}>
              <UnstyledButton
                aria-label={label}
                aria-pressed={isSelected}
                title={label}
                data-has-data={entry.has_data}
                data-minute={time}
                onClick={() => onSelect(entry)}
                disabled={isFuture}
                w="100%"
                h={30}
                pos="relative"
                ta="center"
                fz="xs"
                style={{
                  background: colors.bg,
                  color: colors.fg,
                  borderRadius: 4,
                  border: isFuture ? '1px dashed var(--mantine-color-gray-4)' : '1px solid transparent',
                  cursor: isFuture ? 'default' : 'pointer',
                }}
              >
                {time.slice(3)}
                {motion && (
                  <Box
                    component="span"
                    aria-hidden
                    pos="absolute"
                    top={2}
                    right={2}
                    w={6}
                    h={6}
                    style={{ borderRadius: '50%', background: 'var(--mantine-color-orange-6)' }}
                  />
                )}
              </UnstyledButton>
            </li>
          );
        })}
      </Box>
      <Group gap="md" mt={6} aria-hidden>
        <Legend color="var(--mantine-color-blue-1)" text={t('player.legend.hasData')} />
        <Legend color="var(--mantine-color-orange-6)" text={t('player.legend.motion')} round />
        <Legend color="var(--mantine-color-gray-2)" text={t('player.legend.noData')} />
      </Group>
    </Box>
  );
}

function Legend({ color, text, round = false }: { color: string; text: string; round?: boolean }) {
  return (
    <Group gap={4}>
      <Box w={10} h={10} style={{ background: color, borderRadius: round ? '50%' : 2 }} />
      <Text size="xs" c="dimmed">
        {text}
      </Text>
    </Group>
  );
}

// The work sessions of each operation area on one time line over the analysed period: a row per area, a coloured
// bar per session (a link playing the recording from its start), grey where there was no recording; the period's
// start, middle and end times under it.
import { Anchor, Box, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { OperationAreaResult } from '@camwatch/contract/operation-analysis';
import { clockDuration, recordingAt } from '../../../lib/analysis-job-rules.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { localDateTime, localTime, localTimeWithSeconds } from '../../../lib/local-time.ts';
import { timelineSegments } from '../operation-results-rules.ts';

const COLORS = ['#1c7ed6', '#e8590c', '#2f9e44', '#c2255c', '#7048e8', '#f59f00', '#0c8599', '#e03131'];
/** Mantine colour names of the same hues, for the chart's series. */
const CHART_COLORS = ['blue.7', 'orange.8', 'green.8', 'pink.8', 'violet.7', 'yellow.7', 'cyan.8', 'red.8'];
export const areaHex = (k: number): string => COLORS[k % COLORS.length]!;
export const areaColor = (k: number): string => CHART_COLORS[k % CHART_COLORS.length]!;

export function OperationTimeline({
  cameraCode,
  areas,
  recorded,
  startMs,
  endMs,
}: {
  cameraCode: string;
  areas: readonly OperationAreaResult[];
  recorded: readonly { start: string; end: string }[];
  startMs: number;
  endMs: number;
}) {
  const { t } = useTranslation();
  // The parts of the period without recordings.
  const gaps: { start: string; end: string }[] = [];
  let from = startMs;
  for (const span of recorded) {
    const a = Date.parse(span.start);
    if (a > from) gaps.push({ start: new Date(from).toISOString(), end: span.start });
    from = Math.max(from, Date.parse(span.end));
  }
  if (from < endMs) gaps.push({ start: new Date(from).toISOString(), end: new Date(endMs).toISOString() });
  const gapSegments = timelineSegments(gaps, startMs, endMs);

  return (
    <Box component="section" aria-labelledby="timeline-title">
      <Title order={2} size="h4" id="timeline-title" mb={4}>
        {t('operationResults.result.timeline')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('operationResults.result.timelineHelp')}
      </Text>
      <Stack gap={6}>
        {areas.map((area, k) => (
          <Group key={area.name} gap="sm" wrap="nowrap" align="center">
            <Text size="sm" w={140} truncate="end" title={area.name}>
              {area.name}
            </Text>
            <Box
              data-testid="timeline-row"
              style={{
                position: 'relative',
                flex: 1,
                height: 26,
                background: 'var(--mantine-color-gray-1)',
                borderRadius: 4,
                overflow: 'hidden',
              }}
            >
              {gapSegments.map((g) => (
                <Box
                  key={`gap-${g.start}`}
                  title={t('operationResults.result.noRecording')}
                  style={{
                    position: 'absolute',
                    top: 0,
                    bottom: 0,
                    left: `${g.left}%`,
                    width: `${g.width}%`,
                    background:
                      'repeating-linear-gradient(45deg, var(--mantine-color-gray-4) 0 4px, var(--mantine-color-gray-2) 4px 8px)',
                  }}
                />
              ))}
              {timelineSegments(area.sessions, startMs, endMs).map((s) => {
                const a = Date.parse(s.start);
                const seconds = (Date.parse(s.end) - a) / 1000;
                const label = `${localTimeWithSeconds(a)} – ${localTimeWithSeconds(Date.parse(s.end))} (${clockDuration(seconds)})`;
                return (
                  <Tooltip key={s.start} label={label} openDelay={100}>
                    <Anchor
                      component={Link}
                      to={recordingAt(cameraCode, s.start)}
                      aria-label={t('operationResults.result.watchAt', { time: localDateTime(a) })}
                      data-testid="timeline-session"
                      style={{
                        position: 'absolute',
                        top: 3,
                        bottom: 3,
                        left: `${s.left}%`,
                        width: `max(${s.width}%, 2px)`,
                        background: areaHex(k),
                        borderRadius: 2,
                      }}
                    />
                  </Tooltip>
                );
              })}
            </Box>
          </Group>
        ))}
        <Group gap="sm" wrap="nowrap">
          <Box w={140} />
          <Group justify="space-between" style={{ flex: 1 }}>
            <Text size="xs" c="dimmed">
              {localTime(startMs)}
            </Text>
            <Text size="xs" c="dimmed">
              {localTime(startMs + (endMs - startMs) / 2)}
            </Text>
            <Text size="xs" c="dimmed">
              {localTime(endMs)}
            </Text>
          </Group>
        </Group>
      </Stack>
    </Box>
  );
}

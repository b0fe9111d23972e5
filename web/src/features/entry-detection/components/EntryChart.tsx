// The report's bar chart (advanced.md §9: chart types Stack and set): entries that began in each interval of
// the day, per area, stacked in one column or side by side. Each interval with entries has a title (shown on
// hover) with its time and counts; the chart as a whole is an image whose name says the total and the busiest
// interval, and the history table below lists every entry as text.
import '../entry-report-texts.ts';
import { Box, Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from '../../../lib/i18n.ts';
import { localTime } from '../../../lib/local-time.ts';
import { barsOf, chartMax, type Bin, type ChartType } from '../report-rules.ts';

export const AREA_COLORS = ['#fa5252', '#228be6', '#40c057', '#fd7e14', '#7950f2'];

const HEIGHT = 180;
const AXIS = 24;
/** `9:05`: the hour without its leading zero. */
const hhmm = (ms: number) => localTime(ms).replace(/^0(?=\d:)/, '');

interface Props {
  bins: readonly Bin[];
  areas: readonly string[];
  type: ChartType;
  intervalMin: number;
}

export function EntryChart({ bins, areas, type, intervalMin }: Props) {
  const { t } = useTranslation();
  const { ref, width } = useElementSize();
  const max = chartMax(bins, type);
  const plot = { width: Math.max(0, width - AXIS), height: HEIGHT };
  const total = bins.reduce((sum, bin) => sum + bin.counts.reduce((a, b) => a + b, 0), 0);
  const busiest = bins.reduce<Bin | null>((best, bin) => {
    const sum = bin.counts.reduce((a, b) => a + b, 0);
    return sum > 0 && (!best || sum > best.counts.reduce((a, b) => a + b, 0)) ? bin : best;
  }, null);
  const label = busiest
    ? t('entryReport.chartSummary', {
        total,
        from: hhmm(busiest.startMs),
        to: hhmm(busiest.startMs + intervalMin * 60_000),
        count: busiest.counts.reduce((a, b) => a + b, 0),
      })
    : t('entryReport.chartEmpty');
  const hourTicks = bins.length > 0 ? [0, 3, 6, 9, 12, 15, 18, 21, 24] : [];

  return (
    <Box>
      <Group gap="md" mb={4} aria-hidden>
        {areas.map((area, i) => (
          <Group key={area} gap={6}>
            <Box w={12} h={12} style={{ background: AREA_COLORS[i % AREA_COLORS.length], borderRadius: 2 }} />
            <Text size="xs">{area}</Text>
          </Group>
        ))}
      </Group>
      <Box ref={ref} w="100%">
        <svg width={width} height={HEIGHT + 20} role="img" aria-label={label} data-testid="entry-chart">
          <line x1={AXIS} y1={HEIGHT} x2={width} y2={HEIGHT} stroke="var(--mantine-color-gray-5)" />
          <text x={AXIS - 4} y={10} fontSize={10} textAnchor="end" fill="var(--mantine-color-dimmed)">
            {max}
          </text>
          <text x={AXIS - 4} y={HEIGHT} fontSize={10} textAnchor="end" fill="var(--mantine-color-dimmed)">
            0
          </text>
          {hourTicks.map((hour) => (
            <text
              key={hour}
              x={AXIS + (plot.width * hour) / 24}
              y={HEIGHT + 14}
              fontSize={10}
              textAnchor={hour === 0 ? 'start' : hour === 24 ? 'end' : 'middle'}
              fill="var(--mantine-color-dimmed)"
            >
              {`${hour}:00`}
            </text>
          ))}
          <g transform={`translate(${AXIS},0)`}>
            {bins.map((bin, index) => {
              const bars = barsOf(bin, index, bins.length, plot, max, type);
              if (bars.length === 0) return null;
              const title = `${hhmm(bin.startMs)}–${hhmm(bin.startMs + intervalMin * 60_000)} ${bin.counts
                .map((count, i) => (count > 0 ? `${areas[i]} ${count}` : null))
                .filter(Boolean)
                .join(', ')}`;
              return (
                <g key={bin.startMs} data-testid="entry-bin">
                  <title>{title}</title>
                  {bars.map((bar) => (
                    <rect
                      key={bar.area}
                      x={bar.x}
                      y={bar.y}
                      width={Math.max(1, bar.width)}
                      height={bar.height}
                      fill={AREA_COLORS[bar.area % AREA_COLORS.length]}
                    />
                  ))}
                </g>
              );
            })}
          </g>
        </svg>
      </Box>
    </Box>
  );
}

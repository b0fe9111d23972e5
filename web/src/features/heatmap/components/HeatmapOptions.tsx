// What a heat map screen shows (advanced.md heat map, §9): the cameras, the period (31 days ago to 1 day ago by
// default, none after today), the hours of the day, the weekdays (Monday first, at least one), and the second
// period of a comparison (at first the one just before, of the same length). Every choice goes to the address.
import { Button, Checkbox, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { HEATMAP_WEEKDAYS } from '@camwatch/contract/heatmap-rules';
import { useTranslation } from '../../../lib/i18n.ts';
import { previousPeriod, type HeatmapView, type Period } from '../heatmap-rules.ts';
import { HeatmapCameraSelect } from './HeatmapCameraSelect.tsx';
import { HeatmapPeriodDialog } from './HeatmapPeriodDialog.tsx';

export interface HeatmapOptionsProps {
  view: HeatmapView;
  today: string;
  setView: (next: Partial<HeatmapView>) => void;
  periodText: (period: Period) => string;
  cameraNames: ReadonlyMap<string, string>;
}

const hourLabel = (hour: number) => `${hour}:00`;

export function HeatmapOptions({ view, today, setView, periodText, cameraNames }: HeatmapOptionsProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'period' | 'compare' | null>(null);
  const hours = { hourFrom: view.hourFrom, hourTo: view.hourTo };

  return (
    <Stack gap="md" role="group" aria-label={t('heatmap.options')}>
      <HeatmapCameraSelect
        value={view.cameras}
        onChange={(cameras) => setView({ cameras })}
        names={cameraNames}
      />
      <Group gap="lg" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="heatmap-period-label">
            {t('heatmap.period')}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" data-testid="heatmap-period" aria-labelledby="heatmap-period-label">
              {periodText(view)}
            </Text>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconCalendar size={16} aria-hidden />}
              onClick={() => setDialog('period')}
            >
              {t('heatmap.changePeriod')}
            </Button>
          </Group>
        </Stack>
        <Group gap="xs" align="flex-end" wrap="nowrap" role="group" aria-label={t('heatmap.hours')}>
          <Select
            label={t('heatmap.hourFrom')}
            w={110}
            allowDeselect={false}
            data={Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: hourLabel(hour) }))}
            value={String(view.hourFrom)}
            onChange={(value) => {
              if (value === null) return;
              const hourFrom = Number(value);
              setView({ hourFrom, hourTo: Math.max(view.hourTo, hourFrom + 1) });
            }}
          />
          <Select
            label={t('heatmap.hourTo')}
            w={110}
            allowDeselect={false}
            data={Array.from({ length: 24 }, (_, i) => ({
              value: String(i + 1),
              label: hourLabel(i + 1),
              disabled: i + 1 <= view.hourFrom,
            }))}
            value={String(view.hourTo)}
            onChange={(value) => {
              if (value !== null) setView({ hourTo: Number(value) });
            }}
          />
        </Group>
        <Checkbox.Group
          label={t('heatmap.weekdays')}
          value={view.weekdays}
          onChange={(days) => {
            // At least one day: the last one checked cannot be unchecked (it is disabled too).
            const weekdays = HEATMAP_WEEKDAYS.filter((day) => days.includes(day));
            if (weekdays.length > 0) setView({ weekdays });
          }}
        >
          <Group gap="sm" mt={6}>
            {HEATMAP_WEEKDAYS.map((day) => (
              <Checkbox
                key={day}
                value={day}
                label={t(`heatmap.weekdayNames.${day}`)}
                disabled={view.weekdays.length === 1 && view.weekdays[0] === day}
              />
            ))}
          </Group>
        </Checkbox.Group>
      </Group>
      <Group gap="md" align="center" wrap="wrap">
        <Switch
          label={t('heatmap.compare')}
          checked={view.compare !== null}
          onChange={(event) =>
            setView({ compare: event.currentTarget.checked ? previousPeriod(view) : null })
          }
        />
        {view.compare && (
          <Group gap="xs" wrap="wrap">
            <Text size="sm" data-testid="heatmap-compare-period">
              {t('heatmap.comparedPeriodValue', { period: periodText(view.compare) })}
            </Text>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconCalendar size={16} aria-hidden />}
              onClick={() => setDialog('compare')}
            >
              {t('heatmap.changeComparePeriod')}
            </Button>
          </Group>
        )}
      </Group>
      {dialog === 'period' && (
        <HeatmapPeriodDialog
          title={t('heatmap.periodDialog.title')}
          period={view}
          hours={hours}
          today={today}
          onClose={() => setDialog(null)}
          onApply={(period) => setView(period)}
        />
      )}
      {dialog === 'compare' && view.compare && (
        <HeatmapPeriodDialog
          title={t('heatmap.periodDialog.compareTitle')}
          period={view.compare}
          hours={hours}
          today={today}
          onClose={() => setDialog(null)}
          onApply={(compare) => setView({ compare })}
        />
      )}
    </Stack>
  );
}

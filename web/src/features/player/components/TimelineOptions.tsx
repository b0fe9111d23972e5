// The timeline's period switch (1H, 6H, 24H) and its event marker filter (core.md §4, §9).
import { Group, NativeSelect, SegmentedControl, Text } from '@mantine/core';
import { archiveEventFilters, type ArchiveEventFilter } from '@camwatch/contract/archive-rules';
import { useTranslation } from '../../../lib/i18n.ts';
import { TIMELINE_PERIODS, type TimelineHours } from '../player-rules.ts';

interface Props {
  hours: TimelineHours;
  onHours: (hours: TimelineHours) => void;
  filter: ArchiveEventFilter;
  onFilter: (filter: ArchiveEventFilter) => void;
}

export function TimelineOptions({ hours, onHours, filter, onFilter }: Props) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <div>
        <Text size="sm" fw={500} mb={4} id="timeline-period-label">
          {t('player.timeline.period')}
        </Text>
        <SegmentedControl
          aria-labelledby="timeline-period-label"
          value={String(hours)}
          onChange={(value) => onHours(Number(value) as TimelineHours)}
          data={TIMELINE_PERIODS.map((p) => ({ value: String(p.hours), label: p.label }))}
        />
      </div>
      <NativeSelect
        label={t('player.timeline.filter')}
        value={filter}
        onChange={(event) => onFilter(event.currentTarget.value as ArchiveEventFilter)}
        data={archiveEventFilters.map((value) => ({
          value,
          label: t(`player.timeline.filterOption.${value}`),
        }))}
        w={150}
      />
    </Group>
  );
}

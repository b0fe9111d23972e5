// The date and hour of the archive timeline (core.md §5: no future dates; today only up to the current hour),
// and the buttons to the previous and next display period.
import { ActionIcon, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  nextPeriodStart,
  periodStartOf,
  selectableHours,
  TIMELINE_PERIODS,
  type TimelineHours,
} from '../player-rules.ts';
import { localDate } from '../../../lib/local-time.ts';

interface Props {
  hourStart: number;
  periodHours: TimelineHours;
  nowMs: number;
  onChange: (hourStart: number) => void;
}

export function HourPicker({ hourStart, periodHours, nowMs, onChange }: Props) {
  const { t } = useTranslation();
  const current = new Date(hourStart);
  const dayStart = new Date(current.getFullYear(), current.getMonth(), current.getDate()).getTime();
  const hours = selectableHours(dayStart, nowMs);

  const changeDate = (value: string) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return;
    const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
    const allowed = selectableHours(day.getTime(), nowMs);
    if (allowed.length === 0) return;
    const hour = Math.min(current.getHours(), allowed[allowed.length - 1]!);
    day.setHours(hour, 0, 0, 0);
    onChange(day.getTime());
  };
  const changeHour = (value: string) => {
    const date = new Date(dayStart);
    date.setHours(Number(value), 0, 0, 0);
    onChange(date.getTime());
  };
  const periodStart = periodStartOf(hourStart, periodHours);
  const next = nextPeriodStart(periodStart, periodHours);
  const hasNext = next <= nowMs;
  const period = TIMELINE_PERIODS.find((p) => p.hours === periodHours)?.label ?? '';
  const previousLabel = periodHours === 1 ? t('player.previousHour') : t('player.previousPeriod', { period });
  const nextLabel = periodHours === 1 ? t('player.nextHour') : t('player.nextPeriod', { period });

  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={previousLabel}
        onClick={() => onChange(nextPeriodStart(periodStart, periodHours, -1))}
      >
        <IconChevronLeft size={18} aria-hidden />
      </ActionIcon>
      <TextInput
        type="date"
        label={t('player.date')}
        value={localDate(hourStart)}
        max={localDate(nowMs)}
        onChange={(event) => changeDate(event.currentTarget.value)}
        w={170}
      />
      <NativeSelect
        label={t('player.hour')}
        value={String(current.getHours())}
        data={hours.map((h) => ({ value: String(h), label: t('player.hourOption', { hour: h }) }))}
        onChange={(event) => changeHour(event.currentTarget.value)}
        w={110}
      />
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={nextLabel}
        disabled={!hasNext}
        onClick={() => onChange(next)}
      >
        <IconChevronRight size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

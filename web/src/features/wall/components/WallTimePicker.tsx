// The wall's time picker (core.md §2, §5, §6): a date and a time to the minute; no future date, and today
// no later than the current time. Needs the archive right (the page hides it otherwise).
import { Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { localDate, localTime, parseDateTimeInput } from '../../../lib/local-time.ts';
import { isPlayableMinute } from '../wall-rules.ts';

export function WallTimePicker({ minuteMs, onChange }: { minuteMs: number; onChange: (ms: number) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<{ date: string; time: string } | null>(null);
  const date = draft?.date ?? localDate(minuteMs);
  const time = draft?.time ?? localTime(minuteMs);
  const now = Date.now();
  const isToday = date === localDate(now);

  const apply = (nextDate: string, nextTime: string) => {
    const ms = parseDateTimeInput(`${nextDate}T${nextTime}`);
    if (Number.isFinite(ms) && isPlayableMinute(ms, Date.now())) {
      setDraft(null);
      if (ms !== minuteMs) onChange(ms);
    } else setDraft({ date: nextDate, time: nextTime });
  };

  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={t('wall.time')}>
      <TextInput
        type="date"
        size="xs"
        aria-label={t('wall.date')}
        value={date}
        max={localDate(now)}
        onChange={(event) => apply(event.currentTarget.value, time)}
      />
      <TextInput
        type="time"
        size="xs"
        aria-label={t('wall.clock')}
        value={time}
        max={isToday ? localTime(now) : undefined}
        error={draft ? true : undefined}
        onChange={(event) => apply(date, event.currentTarget.value)}
      />
    </Group>
  );
}

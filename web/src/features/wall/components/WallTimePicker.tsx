// The wall's time picker (core.md §2, §5, §6): a date and a time to the minute; no future date, and today
// no later than the current time. Needs the archive right (the page hides it otherwise).
import { Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { isPlayableMinute } from '../wall-rules.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const dateValue = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const timeValue = (ms: number) => {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** The moment of a date and time input pair (local time); NaN when either is malformed. */
export function parseDateAndTime(date: string, time: string): number {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return Number.NaN;
  const value = new Date(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  return value.getMonth() === Number(d[2]) - 1 ? value.getTime() : Number.NaN;
}

export function WallTimePicker({ minuteMs, onChange }: { minuteMs: number; onChange: (ms: number) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<{ date: string; time: string } | null>(null);
  const date = draft?.date ?? dateValue(minuteMs);
  const time = draft?.time ?? timeValue(minuteMs);
  const now = Date.now();
  const isToday = date === dateValue(now);

  const apply = (nextDate: string, nextTime: string) => {
    const ms = parseDateAndTime(nextDate, nextTime);
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
        max={dateValue(now)}
        onChange={(event) => apply(event.currentTarget.value, time)}
      />
      <TextInput
        type="time"
        size="xs"
        aria-label={t('wall.clock')}
        value={time}
        max={isToday ? timeValue(now) : undefined}
        error={draft ? true : undefined}
        onChange={(event) => apply(date, event.currentTarget.value)}
      />
    </Group>
  );
}

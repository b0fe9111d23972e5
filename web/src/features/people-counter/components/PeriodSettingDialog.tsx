// The period setting dialog (advanced.md §2 dialogs, §5): the first and last day counted, none after today, the
// end not before the start, and less than three months in all (the contract's rules, as the server applies them).
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PEOPLE_COUNT_MAX_MONTHS, peopleCountRangeProblem } from '@camwatch/contract/people-counts-rules';
import { AppDialog } from '../../../components/ui/AppDialog.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import type { Period } from '../people-counter-rules.ts';
import '../people-counter-page-texts.ts';

export interface PeriodSettingDialogProps {
  opened: boolean;
  period: Period;
  today: string;
  onClose: () => void;
  onApply: (period: Period) => void;
}

export function PeriodSettingDialog({ opened, period, today, onClose, onApply }: PeriodSettingDialogProps) {
  const { t } = useTranslation();
  return (
    <AppDialog opened={opened} onClose={onClose} title={t('peopleCounterPage.periodDialog.title')}>
      {/* Mounted while open only, so each opening starts from the period shown. */}
      {opened && <PeriodForm period={period} today={today} onClose={onClose} onApply={onApply} />}
    </AppDialog>
  );
}

function PeriodForm({ period, today, onClose, onApply }: Omit<PeriodSettingDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const [start, setStart] = useState(period.start);
  const [end, setEnd] = useState(period.end);
  const complete = start !== '' && end !== '';
  const problem = complete ? peopleCountRangeProblem({ start, end, unit: 'day' }, today) : null;
  const startError = start > today ? t('peopleCounterPage.periodDialog.afterToday') : undefined;
  const endError = !problem
    ? undefined
    : end > today
      ? t('peopleCounterPage.periodDialog.afterToday')
      : end < start
        ? t('peopleCounterPage.periodDialog.beforeStart')
        : t('peopleCounterPage.periodDialog.tooLong', { months: PEOPLE_COUNT_MAX_MONTHS });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!complete || problem) return;
        onApply({ start, end });
        onClose();
      }}
    >
      <Stack gap="md">
        <TextInput
          type="date"
          label={t('peopleCounterPage.periodDialog.start')}
          value={start}
          max={today}
          required
          error={startError}
          onChange={(event) => setStart(event.currentTarget.value)}
          data-autofocus
        />
        <TextInput
          type="date"
          label={t('peopleCounterPage.periodDialog.end')}
          value={end}
          max={today}
          min={start || undefined}
          required
          error={startError ? undefined : endError}
          onChange={(event) => setEnd(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!complete || problem !== null}>
            {t('peopleCounterPage.periodDialog.apply')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

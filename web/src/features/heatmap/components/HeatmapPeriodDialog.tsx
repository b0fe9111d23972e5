// The period of a heat map, or of the one compared with (advanced.md heat map, §5, §9): first and last day, none
// after today (today itself is allowed: its analysed recordings count), the end not before the start, less than
// three months in all: the contract's heatmapRangeProblem, as the server applies it. Mounted while open, so each
// opening starts from the period shown.
import { useState } from 'react';
import { HEATMAP_MAX_MONTHS } from '@camwatch/contract/heatmap-rules';
import { DateRangeDialog } from '../../../components/ui/DateRangeDialog.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { periodProblem, type HeatmapView, type Period } from '../heatmap-rules.ts';

export interface HeatmapPeriodDialogProps {
  title: string;
  period: Period;
  hours: Pick<HeatmapView, 'hourFrom' | 'hourTo'>;
  today: string;
  onClose: () => void;
  onApply: (period: Period) => void;
}

export function HeatmapPeriodDialog({
  title,
  period,
  hours,
  today,
  onClose,
  onApply,
}: HeatmapPeriodDialogProps) {
  const { t } = useTranslation();
  const [start, setStart] = useState(period.start);
  const [end, setEnd] = useState(period.end);
  const isComplete = start !== '' && end !== '';
  const problem = isComplete ? periodProblem({ start, end }, hours, today) : null;
  const startError = start > today ? t('heatmap.periodDialog.afterToday') : null;
  const endError =
    startError || !problem
      ? null
      : end > today
        ? t('heatmap.periodDialog.afterToday')
        : end < start
          ? t('heatmap.periodDialog.beforeStart')
          : t('heatmap.periodDialog.tooLong', { months: HEATMAP_MAX_MONTHS });

  return (
    <DateRangeDialog
      onClose={onClose}
      title={title}
      isBusy={false}
      fields={[
        {
          type: 'date',
          label: t('heatmap.periodDialog.start'),
          value: start,
          max: today,
          onChange: setStart,
          error: startError,
          autoFocus: true,
        },
        {
          type: 'date',
          label: t('heatmap.periodDialog.end'),
          value: end,
          max: today,
          onChange: setEnd,
          error: endError,
        },
      ]}
      submitLabel={t('heatmap.periodDialog.apply')}
      isSubmitDisabled={!isComplete || problem !== null}
      onSubmit={() => {
        if (!isComplete || problem) return;
        onApply({ start, end });
        onClose();
      }}
    />
  );
}

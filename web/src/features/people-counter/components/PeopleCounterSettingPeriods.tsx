// The analysis periods of the people counter setting (advanced.md §3): for each day of the week and for
// holidays, up to ANALYSIS_PERIODS_PER_DAY_MAX periods typed as "HH:MM" (24:00 ends the day); a day without
// periods is not analysed. Each time field is named by its day and period for screen readers.
import { ActionIcon, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  ANALYSIS_DAYS,
  ANALYSIS_PERIODS_PER_DAY_MAX,
  nextPeriod,
  type AnalysisDay,
  type FormProblems,
  type PeriodForm,
} from '../people-counter-setting-rules.ts';

interface PeopleCounterSettingPeriodsProps {
  periods: Record<AnalysisDay, PeriodForm[]>;
  onChange: (day: AnalysisDay, periods: PeriodForm[]) => void;
  times: FormProblems['times'];
  days: FormProblems['days'];
  serverErrors: Partial<Record<AnalysisDay, string>>;
  disabled: boolean;
}

export function PeopleCounterSettingPeriods({
  periods,
  onChange,
  times,
  days,
  serverErrors,
  disabled,
}: PeopleCounterSettingPeriodsProps) {
  const { t } = useTranslation();

  return (
    <Table withRowBorders verticalSpacing={6} aria-labelledby="people-counter-periods-title">
      <Table.Tbody>
        {ANALYSIS_DAYS.map((day) => {
          const list = periods[day];
          const dayName = t(`peopleCounterSetting.days.${day}`);
          const problem = days[day];
          const formatProblem = Object.keys(times[day]).length > 0;
          const message = formatProblem
            ? t('peopleCounterSetting.periodProblems.format')
            : problem
              ? t(`peopleCounterSetting.periodProblems.${problem}`, { max: ANALYSIS_PERIODS_PER_DAY_MAX })
              : serverErrors[day];
          const update = (key: string, change: Partial<PeriodForm>) =>
            onChange(
              day,
              list.map((p) => (p.key === key ? { ...p, ...change } : p)),
            );
          return (
            <Table.Tr key={day} data-testid={`periods-${day}`}>
              <Table.Th scope="row" w={110} style={{ verticalAlign: 'top', paddingTop: 12 }}>
                {dayName}
              </Table.Th>
              <Table.Td>
                <Stack gap={6}>
                  {list.length === 0 && (
                    <Text size="sm" c="dimmed" pt={4}>
                      {t('peopleCounterSetting.notAnalysed')}
                    </Text>
                  )}
                  {list.map((period, index) => {
                    const names = { day: dayName, n: index + 1 };
                    const timeProblem = times[day][period.key];
                    return (
                      <Group key={period.key} gap={6} wrap="nowrap">
                        <TextInput
                          aria-label={t('peopleCounterSetting.periodFrom', names)}
                          value={period.from}
                          onChange={(event) => update(period.key, { from: event.currentTarget.value })}
                          placeholder="09:00"
                          w={84}
                          size="xs"
                          inputMode="numeric"
                          maxLength={5}
                          disabled={disabled}
                          error={Boolean(timeProblem?.from) || Boolean(message && !formatProblem)}
                        />
                        <Text size="sm" aria-hidden>
                          –
                        </Text>
                        <TextInput
                          aria-label={t('peopleCounterSetting.periodTo', names)}
                          value={period.to}
                          onChange={(event) => update(period.key, { to: event.currentTarget.value })}
                          placeholder="18:00"
                          w={84}
                          size="xs"
                          inputMode="numeric"
                          maxLength={5}
                          disabled={disabled}
                          error={Boolean(timeProblem?.to) || Boolean(message && !formatProblem)}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={t('peopleCounterSetting.removePeriod', names)}
                          disabled={disabled}
                          onClick={() =>
                            onChange(
                              day,
                              list.filter((p) => p.key !== period.key),
                            )
                          }
                        >
                          <IconX size={16} aria-hidden />
                        </ActionIcon>
                      </Group>
                    );
                  })}
                  {message && (
                    <Text size="xs" c="red.7" role="alert" data-testid={`period-problem-${day}`}>
                      {message}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td w={1} style={{ verticalAlign: 'top' }}>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  aria-label={t('peopleCounterSetting.addPeriodTo', { day: dayName })}
                  disabled={disabled || list.length >= ANALYSIS_PERIODS_PER_DAY_MAX}
                  onClick={() => onChange(day, [...list, nextPeriod(list)])}
                  mt={4}
                >
                  {t('peopleCounterSetting.addPeriod')}
                </Button>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

// The list of operation areas beside the picture (advanced.md §3, §5): each area's colour, name and number
// of points; choosing one selects it for the editor. With the right to change them, the selected area's name
// is edited here and any area can be deleted; each area's problems (name, outline) show in its row.
import { ActionIcon, Box, Group, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { OPERATION_AREA_NAME_MAX } from '@camwatch/contract/operation-analysis-rules';
import { areaColor } from '../../../components/area-editor/area-editor-rules.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type {
  AreaFieldErrors,
  AreaNameProblem,
  AreaPointsProblem,
  AreaProblems,
  DraftArea,
} from '../operation-analysis-rules.ts';

interface OperationAreaListProps {
  areas: readonly DraftArea[];
  problems: readonly AreaProblems[];
  serverErrors: AreaFieldErrors['areas'];
  selectedIndex: number | null;
  onSelect: (index: number) => void;
  onRename: (index: number, name: string) => void;
  onDelete: (index: number) => void;
  canEdit: boolean;
  disabled: boolean;
}

export function OperationAreaList({
  areas,
  problems,
  serverErrors,
  selectedIndex,
  onSelect,
  onRename,
  onDelete,
  canEdit,
  disabled,
}: OperationAreaListProps) {
  const { t } = useTranslation();
  const nameMessage = (problem: AreaNameProblem | null) =>
    problem === 'required'
      ? t('operationAnalysis.nameRequired')
      : problem === 'too_long'
        ? t('operationAnalysis.nameTooLong', { max: OPERATION_AREA_NAME_MAX })
        : problem === 'duplicate'
          ? t('operationAnalysis.nameDuplicate')
          : null;
  const pointsMessage = (problem: AreaPointsProblem | null) =>
    problem === 'too_few'
      ? t('operationAnalysis.tooFewPoints')
      : problem === 'crossing'
        ? t('operationAnalysis.crossing')
        : null;

  if (areas.length === 0) return <Text c="dimmed">{t('operationAnalysis.noAreas')}</Text>;

  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label={t('operationAnalysis.areaList')}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {areas.map((area, index) => {
        const isSelected = index === selectedIndex;
        const color = areaColor(index);
        const nameError =
          (canEdit && nameMessage(problems[index]?.name ?? null)) || serverErrors[index]?.name;
        const pointsError =
          (canEdit && pointsMessage(problems[index]?.points ?? null)) || serverErrors[index]?.points;
        return (
          <Paper
            key={area.key}
            component="li"
            withBorder
            p="xs"
            data-testid="operation-area-row"
            data-name={area.name}
            style={{
              borderColor: isSelected ? color : undefined,
              borderWidth: isSelected ? 2 : undefined,
            }}
          >
            <Group gap="xs" wrap="nowrap" align="center">
              <UnstyledButton
                onClick={() => onSelect(index)}
                aria-pressed={isSelected}
                style={{ flex: 1, minWidth: 0, borderRadius: 4 }}
                p={4}
              >
                <Group gap="xs" wrap="nowrap">
                  <Box
                    aria-hidden
                    w={14}
                    h={14}
                    style={{ flex: 'none', background: color, borderRadius: 3 }}
                  />
                  <Text fw={isSelected ? 700 : 500} truncate="end" style={{ flex: 1, minWidth: 0 }}>
                    {area.name.trim() === '' ? t('operationAnalysis.unnamed') : area.name}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ flex: 'none' }}>
                    {t('operationAnalysis.points', { count: area.points.length })}
                  </Text>
                </Group>
              </UnstyledButton>
              {canEdit && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  disabled={disabled}
                  aria-label={t('operationAnalysis.deleteArea', { name: area.name })}
                  onClick={() => onDelete(index)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              )}
            </Group>
            {canEdit && isSelected ? (
              <TextInput
                mt="xs"
                label={t('operationAnalysis.areaName')}
                value={area.name}
                required
                disabled={disabled}
                error={nameError || undefined}
                onChange={(event) => onRename(index, event.currentTarget.value)}
              />
            ) : (
              nameError && (
                <Text size="sm" c="red.7" mt={4}>
                  {nameError}
                </Text>
              )
            )}
            {pointsError && (
              <Text size="sm" c="red.7" mt={4}>
                {pointsError}
              </Text>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}

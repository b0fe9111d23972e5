// Under the picture of the area editor (advanced.md §5): the selected area's point count and tools (add a
// point, remove the selected or the last one, clear), and the message line that says why a change was refused
// or why the outline cannot close yet (a live region, so a screen reader hears it).
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import type { AreaDrawing } from '../../hooks/use-area-drawing.ts';

interface ToolsProps {
  areaName: string;
  pointCount: number;
  maxPoints: number;
  disabled: boolean;
  drawing: AreaDrawing;
}

export function AreaEditorTools({ areaName, pointCount, maxPoints, disabled, drawing }: ToolsProps) {
  const { t } = useTranslation();
  const { tools, selectedVertex } = drawing;
  const buttons = [
    {
      label: t('areaEditor.addPoint'),
      variant: 'light',
      isDisabled: pointCount >= maxPoints,
      onClick: tools.addSuggestedPoint,
    },
    {
      label: t('areaEditor.removeSelectedPoint'),
      isDisabled: selectedVertex === null,
      onClick: tools.removeSelectedPoint,
    },
    {
      label: t('areaEditor.removeLastPoint'),
      isDisabled: pointCount === 0,
      onClick: tools.removeLastPoint,
    },
    {
      label: t('areaEditor.clearPoints'),
      color: 'red',
      isDisabled: pointCount === 0,
      onClick: tools.clearPoints,
    },
  ];
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={t('areaEditor.tools', { name: areaName })}>
      <Text size="sm" fw={500} mr="xs" data-testid="area-point-count">
        {t('areaEditor.pointCount', { count: pointCount, max: maxPoints })}
      </Text>
      {buttons.map((button) => (
        <Button
          key={button.label}
          size="xs"
          variant={button.variant ?? 'default'}
          color={button.color}
          disabled={disabled || button.isDisabled}
          onClick={button.onClick}
        >
          {button.label}
        </Button>
      ))}
    </Group>
  );
}

interface MessageProps {
  drawing: AreaDrawing;
  maxPoints: number;
  /** The selected area's outline: how many points, and whether it can close. */
  outline: { pointCount: number; isComplete: boolean } | null;
}

export function AreaEditorMessage({ drawing, maxPoints, outline }: MessageProps) {
  const { t } = useTranslation();
  const { refusal } = drawing;
  return (
    <Text
      size="sm"
      c="red.7"
      fw={500}
      role="status"
      aria-live="polite"
      data-testid="area-editor-message"
      style={{ minHeight: '1.4em' }}
    >
      {refusal === 'crossing'
        ? t('areaEditor.crossingRefused')
        : refusal === 'max_points'
          ? t('areaEditor.maxPointsRefused', { max: maxPoints })
          : outline && outline.pointCount > 0 && !outline.isComplete
            ? outline.pointCount < 3
              ? t('areaEditor.needsThreePoints')
              : t('areaEditor.cannotClose')
            : ''}
    </Text>
  );
}

// The area editor (advanced.md §5): a camera's picture with its areas drawn over it as named, coloured
// outlines. The selected area is edited: a click on the picture adds a point at the end of its outline, its
// points are dragged to move them, and each point is a focusable control (arrow keys move it, Delete removes
// it). A point or move that would make lines cross, or an 11th point, is refused with a message. The screen
// using it owns the areas (and their list); the rules are in area-editor-rules.ts, what each gesture does in
// hooks/use-area-drawing.ts, the drawing in AreaShape and AreaVertexHandles, the tools and message in
// AreaEditorTools. Shared by the operation analysis setting and the entry detection screens.
import { Box, Center, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useId, useRef, useState } from 'react';
import { AREA_POLYGON_MAX_POINTS } from '@camwatch/contract/constants';
import { useAreaDrawing } from '../../hooks/use-area-drawing.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { canClose, type EditorArea, type Point } from './area-editor-rules.ts';
import { AreaEditorMessage, AreaEditorTools } from './AreaEditorTools.tsx';
import { AreaShape } from './AreaShape.tsx';
import { AreaVertexHandles } from './AreaVertexHandles.tsx';

export type { EditorArea } from './area-editor-rules.ts';

export interface AreaEditorProps {
  /** The camera's picture; null shows a plain placeholder of the picture's shape. */
  imageUrl: string | null;
  /** What the placeholder says while there is no picture (default: no picture). */
  placeholder?: string | undefined;
  /** Width ÷ height of the picture until the image itself has loaded. */
  aspectRatio: number;
  /** The picture's accessible name. */
  pictureLabel: string;
  areas: readonly EditorArea[];
  selectedIndex: number | null;
  onChangePoints: (index: number, points: Point[]) => void;
  /** Nothing can be changed: the areas are only shown (no right to change them). */
  readOnly?: boolean;
  /** For a while nothing can be changed (saving). */
  disabled?: boolean;
  maxPoints?: number;
  onImageError?: () => void;
  /** The line under the picture, instead of the editor's own hint (a list that only shows areas, a legend). */
  hint?: string | undefined;
}

export function AreaEditor({
  imageUrl,
  placeholder,
  aspectRatio,
  pictureLabel,
  areas,
  selectedIndex,
  onChangePoints,
  readOnly = false,
  disabled = false,
  maxPoints = AREA_POLYGON_MAX_POINTS,
  onImageError,
  hint,
}: AreaEditorProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const { ref: stageRef, width, height } = useElementSize<HTMLDivElement>();
  const svgRef = useRef<SVGSVGElement>(null);
  const [naturalRatio, setNaturalRatio] = useState<number | null>(null);

  const selected = selectedIndex !== null ? areas[selectedIndex] : undefined;
  const isEditable = !readOnly && !disabled && selected !== undefined;
  const drawing = useAreaDrawing({ selected, selectedIndex, isEditable, maxPoints, onChangePoints, svgRef });

  useEffect(() => setNaturalRatio(null), [imageUrl]);

  const size = { width, height };
  const ratio = naturalRatio ?? (aspectRatio > 0 ? aspectRatio : 16 / 9);
  const pointCount = selected?.points.length ?? 0;
  const isComplete = selected ? canClose(selected.points, maxPoints) : false;
  // The selected area is drawn last, on top of the others.
  const order = areas.map((_, i) => i).filter((i) => i !== selectedIndex);
  if (selectedIndex !== null && selected) order.push(selectedIndex);

  return (
    <Stack gap="xs">
      <Box
        ref={stageRef}
        pos="relative"
        data-testid="area-editor-stage"
        style={{
          aspectRatio: String(ratio),
          width: '100%',
          background: 'var(--mantine-color-dark-6)',
          overflow: 'hidden',
          borderRadius: 'var(--mantine-radius-sm)',
          userSelect: 'none',
          touchAction: 'none',
        }}
      >
        {imageUrl ? (
          <img
            src={imageUrl}
            alt=""
            draggable={false}
            onLoad={(event) => {
              const { naturalWidth, naturalHeight } = event.currentTarget;
              if (naturalWidth > 0 && naturalHeight > 0) setNaturalRatio(naturalWidth / naturalHeight);
            }}
            onError={onImageError}
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'fill' }}
          />
        ) : (
          <Center pos="absolute" inset={0}>
            <Text c="gray.4" size="sm">
              {placeholder ?? t('areaEditor.noPicture')}
            </Text>
          </Center>
        )}
        <svg
          ref={svgRef}
          role="group"
          aria-label={pictureLabel}
          aria-describedby={hintId}
          data-testid="area-editor-picture"
          width="100%"
          height="100%"
          style={{ position: 'absolute', inset: 0, display: 'block' }}
        >
          <rect
            width="100%"
            height="100%"
            fill="transparent"
            onClick={drawing.onPictureClick}
            style={{ cursor: isEditable && pointCount < maxPoints ? 'crosshair' : 'default' }}
          />
          {width > 0 &&
            order.map((index) => (
              <AreaShape
                key={areas[index]!.key}
                area={areas[index]!}
                isSelected={index === selectedIndex}
                maxPoints={maxPoints}
                size={size}
              />
            ))}
          {width > 0 && selected && (
            <AreaVertexHandles area={selected} isEditable={isEditable} size={size} drawing={drawing} />
          )}
        </svg>
      </Box>
      {!readOnly && selected && (
        <AreaEditorTools
          areaName={selected.name}
          pointCount={pointCount}
          maxPoints={maxPoints}
          disabled={disabled}
          drawing={drawing}
        />
      )}
      {!readOnly && (
        <AreaEditorMessage
          drawing={drawing}
          maxPoints={maxPoints}
          outline={selected ? { pointCount, isComplete } : null}
        />
      )}
      <Text size="sm" c="dimmed" id={hintId}>
        {hint !== undefined
          ? hint
          : readOnly
            ? t('areaEditor.readOnlyHint')
            : selected
              ? t('areaEditor.hint', { max: maxPoints })
              : t('areaEditor.selectArea')}
      </Text>
    </Stack>
  );
}

// The area editor (advanced.md §5): a camera's picture with its areas drawn over it as named, coloured
// outlines. The selected area is edited: a click on the picture adds a point at the end of its outline, its
// points are dragged to move them, and each point is a focusable control (arrow keys move it, Delete removes
// it). A point or move that would make lines cross, or an 11th point, is refused with a message. The screen
// using it owns the areas (and their list); the rules are in area-editor-rules.ts. Shared by the operation
// analysis setting and the entry detection screens.
import { Box, Button, Center, Group, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { AREA_POLYGON_MAX_POINTS } from '@camwatch/contract/constants';
import { useTranslation } from '../../lib/i18n.ts';
import {
  addPoint,
  canClose,
  labelPosition,
  movePoint,
  NUDGE_STEP,
  NUDGE_STEP_LARGE,
  nudgePoint,
  pointFromClient,
  pointToPixels,
  removePoint,
  suggestedPoint,
  svgPoints,
  type AreaEditRefusal,
  type AreaEditResult,
  type Point,
} from './area-editor-rules.ts';

export interface EditorArea {
  /** Stable while the area exists (not its name, which changes while typed). */
  key: string;
  name: string;
  points: Point[];
  color: string;
  dashed?: boolean;
}

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

const VERTEX_RADIUS = 6;
const HIT_RADIUS = 13;
const percent = (value: number) => Math.round(value * 1000) / 10;

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
  const vertexRefs = useRef<(SVGCircleElement | null)[]>([]);
  const [naturalRatio, setNaturalRatio] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<AreaEditRefusal | null>(null);
  const [vertex, setVertex] = useState<{ areaKey: string; index: number } | null>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const dragging = useRef<number | null>(null);

  const selected = selectedIndex !== null ? areas[selectedIndex] : undefined;
  const isEditable = !readOnly && !disabled && selected !== undefined;
  const selectedVertex =
    selected && vertex?.areaKey === selected.key && vertex.index < selected.points.length
      ? vertex.index
      : null;
  // Pointer handlers read the newest outline, not the one of the render that attached them.
  const latest = useRef({ selected, selectedIndex });
  latest.current = { selected, selectedIndex };

  useEffect(() => setRefusal(null), [selected?.key]);
  useEffect(() => setNaturalRatio(null), [imageUrl]);
  useEffect(() => {
    if (focusIndex === null) return;
    vertexRefs.current[focusIndex]?.focus();
    setFocusIndex(null);
  }, [focusIndex]);

  const size = { width, height };
  const ratio = naturalRatio ?? (aspectRatio > 0 ? aspectRatio : 16 / 9);

  const apply = (result: AreaEditResult, nextVertex?: number | null): boolean => {
    const { selected: area, selectedIndex: index } = latest.current;
    if (!area || index === null) return false;
    if (!result.ok) {
      setRefusal(result.reason);
      return false;
    }
    setRefusal(null);
    onChangePoints(index, result.points);
    if (nextVertex !== undefined)
      setVertex(nextVertex === null ? null : { areaKey: area.key, index: nextVertex });
    return true;
  };

  const pictureBox = () =>
    svgRef.current?.getBoundingClientRect() ?? { left: 0, top: 0, width: 0, height: 0 };

  const onPictureClick = (event: MouseEvent<SVGRectElement>) => {
    if (!isEditable || !selected) return;
    const point = pointFromClient(event.clientX, event.clientY, pictureBox());
    apply(addPoint(selected.points, point, maxPoints), selected.points.length);
  };

  const onVertexPointerDown = (event: PointerEvent<SVGCircleElement>, index: number) => {
    if (!isEditable || !selected) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.currentTarget.focus();
    dragging.current = index;
    setVertex({ areaKey: selected.key, index });
  };

  const onVertexPointerMove = (event: PointerEvent<SVGCircleElement>) => {
    const index = dragging.current;
    const area = latest.current.selected;
    if (index === null || !area) return;
    const point = pointFromClient(event.clientX, event.clientY, pictureBox());
    const current = area.points[index];
    if (current && current.x === point.x && current.y === point.y) return;
    apply(movePoint(area.points, index, point, maxPoints));
  };

  const endDrag = (event: PointerEvent<SVGCircleElement>) => {
    if (dragging.current === null) return;
    dragging.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  };

  const removeVertex = (index: number) => {
    if (!selected) return;
    const next = removePoint(selected.points, index);
    const following = next.length === 0 ? null : Math.min(index, next.length - 1);
    apply({ ok: true, points: next }, following);
    if (following !== null) setFocusIndex(following);
  };

  const onVertexKeyDown = (event: KeyboardEvent<SVGCircleElement>, index: number) => {
    if (!isEditable || !selected) return;
    const step = event.shiftKey ? NUDGE_STEP_LARGE : NUDGE_STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      apply(nudgePoint(selected.points, index, move[0], move[1], maxPoints), index);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      removeVertex(index);
    } else if (event.key === 'Escape') {
      setVertex(null);
    }
  };

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
            onClick={onPictureClick}
            style={{ cursor: isEditable && pointCount < maxPoints ? 'crosshair' : 'default' }}
          />
          {width > 0 &&
            order.map((index) => {
              const area = areas[index]!;
              const isSelected = index === selectedIndex;
              const complete = canClose(area.points, maxPoints);
              const label = labelPosition(area.points, size);
              const first = area.points[0];
              const last = area.points[area.points.length - 1];
              return (
                <g
                  key={area.key}
                  data-testid="editor-area"
                  data-name={area.name}
                  data-selected={isSelected}
                  data-complete={complete}
                  style={{ pointerEvents: 'none' }}
                >
                  {complete ? (
                    <polygon
                      points={svgPoints(area.points, size)}
                      fill={area.color}
                      fillOpacity={isSelected ? 0.3 : 0.18}
                      stroke={area.color}
                      strokeWidth={isSelected ? 3 : 2}
                      strokeDasharray={area.dashed ? '6 4' : undefined}
                    />
                  ) : (
                    <polyline
                      points={svgPoints(area.points, size)}
                      fill="none"
                      stroke={area.color}
                      strokeWidth={isSelected ? 3 : 2}
                    />
                  )}
                  {!complete && first && last && area.points.length >= 3 && (
                    // The closing line that would cross: shown, dashed in red, until the outline is mended.
                    <line
                      x1={pointToPixels(last, size).x}
                      y1={pointToPixels(last, size).y}
                      x2={pointToPixels(first, size).x}
                      y2={pointToPixels(first, size).y}
                      stroke="#fa5252"
                      strokeWidth={2}
                      strokeDasharray="4 4"
                    />
                  )}
                  {area.points.length > 0 && (
                    <text
                      x={label.x}
                      y={label.y}
                      fill="white"
                      stroke="rgba(0, 0, 0, 0.8)"
                      strokeWidth={3}
                      paintOrder="stroke"
                      fontSize={13}
                      fontWeight={isSelected ? 700 : 600}
                    >
                      {area.name}
                    </text>
                  )}
                  {!isSelected &&
                    area.points.map((point, i) => {
                      const pixel = pointToPixels(point, size);
                      return <circle key={i} cx={pixel.x} cy={pixel.y} r={2.5} fill={area.color} />;
                    })}
                </g>
              );
            })}
          {width > 0 &&
            selected &&
            selected.points.map((point, index) => {
              const pixel = pointToPixels(point, size);
              const isVertexSelected = index === selectedVertex;
              return (
                <g key={`${selected.key}-${index}`}>
                  {isVertexSelected && (
                    <circle
                      cx={pixel.x}
                      cy={pixel.y}
                      r={VERTEX_RADIUS + 4}
                      fill="none"
                      stroke="white"
                      strokeWidth={2}
                      style={{ pointerEvents: 'none' }}
                    />
                  )}
                  <circle
                    ref={(element) => {
                      vertexRefs.current[index] = element;
                    }}
                    cx={pixel.x}
                    cy={pixel.y}
                    r={isEditable ? HIT_RADIUS : VERTEX_RADIUS}
                    fill="transparent"
                    role={isEditable ? 'button' : undefined}
                    tabIndex={isEditable ? 0 : undefined}
                    aria-label={
                      isEditable
                        ? t('areaEditor.vertex', {
                            n: index + 1,
                            x: percent(point.x),
                            y: percent(point.y),
                          })
                        : undefined
                    }
                    aria-pressed={isEditable ? isVertexSelected : undefined}
                    data-testid="area-vertex"
                    style={{ cursor: isEditable ? 'move' : 'default', outline: 'none' }}
                    onPointerDown={(event) => onVertexPointerDown(event, index)}
                    onPointerMove={onVertexPointerMove}
                    onPointerUp={endDrag}
                    onPointerCancel={endDrag}
                    onFocus={() => selected && setVertex({ areaKey: selected.key, index })}
                    onKeyDown={(event) => onVertexKeyDown(event, index)}
                  />
                  <circle
                    cx={pixel.x}
                    cy={pixel.y}
                    r={VERTEX_RADIUS}
                    fill={isVertexSelected ? 'white' : selected.color}
                    stroke={isVertexSelected ? selected.color : 'white'}
                    strokeWidth={2}
                    style={{ pointerEvents: 'none' }}
                  />
                </g>
              );
            })}
        </svg>
      </Box>
      {!readOnly && selected && (
        <Group gap="xs" wrap="wrap" role="group" aria-label={t('areaEditor.tools', { name: selected.name })}>
          <Text size="sm" fw={500} mr="xs" data-testid="area-point-count">
            {t('areaEditor.pointCount', { count: pointCount, max: maxPoints })}
          </Text>
          <Button
            size="xs"
            variant="light"
            disabled={disabled || pointCount >= maxPoints}
            onClick={() => {
              const added = apply(
                addPoint(selected.points, suggestedPoint(selected.points), maxPoints),
                pointCount,
              );
              if (added) setFocusIndex(pointCount);
            }}
          >
            {t('areaEditor.addPoint')}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={disabled || selectedVertex === null}
            onClick={() => selectedVertex !== null && removeVertex(selectedVertex)}
          >
            {t('areaEditor.removeSelectedPoint')}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={disabled || pointCount === 0}
            onClick={() => apply({ ok: true, points: selected.points.slice(0, -1) }, null)}
          >
            {t('areaEditor.removeLastPoint')}
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            disabled={disabled || pointCount === 0}
            onClick={() => apply({ ok: true, points: [] }, null)}
          >
            {t('areaEditor.clearPoints')}
          </Button>
        </Group>
      )}
      {!readOnly && (
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
              : selected && pointCount > 0 && !isComplete
                ? pointCount < 3
                  ? t('areaEditor.needsThreePoints')
                  : t('areaEditor.cannotClose')
                : ''}
        </Text>
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

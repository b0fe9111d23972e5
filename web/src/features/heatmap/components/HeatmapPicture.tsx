// One heat map over its camera's picture (advanced.md heat map): the picture (a neutral background until the
// camera has one) with a canvas over it, each grid cell coloured by heatColour(cell / scale top), the contract's
// scale that the downloaded images use too. The picture reads its cells: the pointer over a cell, or the arrow
// keys once the picture has focus, show that cell's minutes in a line that screen readers hear (polite).
import { Box, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { Heatmap } from '@camwatch/contract/heatmap';
import { HEATMAP_COLS, HEATMAP_ROWS, heatColour } from '@camwatch/contract/heatmap-rules';
import { useTranslation } from '../../../lib/i18n.ts';
import { cellAfterKey, cellAtPoint, cellPosition, formatMinutes, hottestCell } from '../heatmap-rules.ts';

/** The canvas's pixels when the camera has no picture yet (16:9, as most cameras). */
const DEFAULT_SIZE = { width: 640, height: 360 };
/** Wider pictures are drawn at this width: cells are blocks, more pixels add nothing. */
const MAX_CANVAS_WIDTH = 1280;

export interface HeatmapPictureProps {
  heatmap: Heatmap;
  /** The top of the colour scale (person-seconds): the heat map's max, or the larger of two compared. */
  scaleMax: number;
  /** What the picture is, for its accessible name: the camera's name, with the period when two are compared. */
  label: string;
  language: string;
}

/** Paints the cells over the whole canvas; a browser (or jsdom) without a 2D context draws nothing. */
function paint(canvas: HTMLCanvasElement, cells: readonly number[], scaleMax: number): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  const { width, height } = canvas;
  context.clearRect(0, 0, width, height);
  if (!(scaleMax > 0)) return;
  for (let cell = 0; cell < cells.length; cell++) {
    const value = cells[cell]!;
    if (!(value > 0)) continue;
    const { col, row } = cellPosition(cell);
    // Edges rounded from the fractions, so neighbouring cells meet without seams on any picture size.
    const x0 = Math.round((col * width) / HEATMAP_COLS);
    const x1 = Math.round(((col + 1) * width) / HEATMAP_COLS);
    const y0 = Math.round((row * height) / HEATMAP_ROWS);
    const y1 = Math.round(((row + 1) * height) / HEATMAP_ROWS);
    const [r, g, b, a] = heatColour(value / scaleMax);
    context.fillStyle = `rgba(${r}, ${g}, ${b}, ${a})`;
    context.fillRect(x0, y0, x1 - x0, y1 - y0);
  }
}

export function HeatmapPicture({ heatmap, scaleMax, label, language }: HeatmapPictureProps) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState(DEFAULT_SIZE);
  const [cell, setCell] = useState<number | null>(null);
  const hintId = useId();
  const { cells } = heatmap;

  useEffect(() => {
    if (canvasRef.current) paint(canvasRef.current, cells, scaleMax);
  }, [cells, scaleMax, size]);

  const onPictureLoad = (image: HTMLImageElement) => {
    if (!image.naturalWidth || !image.naturalHeight) return;
    const width = Math.min(image.naturalWidth, MAX_CANVAS_WIDTH);
    setSize({ width, height: Math.round((width * image.naturalHeight) / image.naturalWidth) });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const under = cellAtPoint(event.clientX - box.left, event.clientY - box.top, box.width, box.height);
    if (under !== null) setCell(under);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = cellAfterKey(cell ?? hottestCell(cells), event.key);
    if (next === null) return;
    event.preventDefault();
    setCell(next);
  };

  const position = cell === null ? null : cellPosition(cell);
  const reading =
    cell === null || position === null
      ? t('heatmap.cellHint')
      : t('heatmap.cellValue', {
          col: position.col + 1,
          row: position.row + 1,
          value: t('heatmap.minutes', { value: formatMinutes(cells[cell] ?? 0, language) }),
        });

  return (
    <Box>
      <Box
        pos="relative"
        bg="gray.3"
        role="application"
        aria-label={t('heatmap.gridLabel', { name: label })}
        aria-describedby={hintId}
        tabIndex={0}
        data-testid="heatmap-picture"
        onKeyDown={onKeyDown}
        // The hottest cell is where reading by keyboard is most worth starting.
        onFocus={() => setCell((current) => current ?? hottestCell(cells))}
        onBlur={() => setCell(null)}
        onPointerMove={onPointerMove}
        onPointerLeave={(event) => {
          if (document.activeElement !== event.currentTarget) setCell(null);
        }}
        style={{
          aspectRatio: `${size.width} / ${size.height}`,
          borderRadius: 'var(--mantine-radius-sm)',
          overflow: 'hidden',
          cursor: 'crosshair',
          outlineOffset: 2,
        }}
      >
        {heatmap.picture_url ? (
          <img
            src={heatmap.picture_url}
            alt=""
            onLoad={(event) => onPictureLoad(event.currentTarget)}
            // Stretched to the box: the grid covers the picture exactly, whatever its shape.
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', display: 'block' }}
          />
        ) : (
          <Text size="xs" c="dimmed" pos="absolute" bottom={4} left={8} data-testid="heatmap-no-picture">
            {t('heatmap.noPicture')}
          </Text>
        )}
        <canvas
          ref={canvasRef}
          width={size.width}
          height={size.height}
          aria-hidden
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
        />
        {position && (
          <Box
            aria-hidden
            data-testid="heatmap-cell-marker"
            pos="absolute"
            style={{
              left: `${(position.col * 100) / HEATMAP_COLS}%`,
              top: `${(position.row * 100) / HEATMAP_ROWS}%`,
              width: `${100 / HEATMAP_COLS}%`,
              height: `${100 / HEATMAP_ROWS}%`,
              boxShadow: '0 0 0 2px #fff, 0 0 0 3px #000',
              pointerEvents: 'none',
            }}
          />
        )}
      </Box>
      <Text
        size="sm"
        mt={4}
        c={cell === null ? 'dimmed' : undefined}
        id={hintId}
        role="status"
        aria-live="polite"
        data-testid="heatmap-cell-value"
      >
        {reading}
      </Text>
    </Box>
  );
}

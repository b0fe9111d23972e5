// The points of the area being edited (advanced.md §5): each a handle that can be dragged and, when the area
// may be changed, a focusable button named by its number and position (arrow keys move it, Delete removes it).
// The selected point is ringed.
import { useTranslation } from '../../lib/i18n.ts';
import type { AreaDrawing } from '../../hooks/use-area-drawing.ts';
import { pointToPixels, type EditorArea } from './area-editor-rules.ts';

const VERTEX_RADIUS = 6;
const HIT_RADIUS = 13;
const percent = (value: number) => Math.round(value * 1000) / 10;

interface Props {
  area: EditorArea;
  isEditable: boolean;
  size: { width: number; height: number };
  drawing: AreaDrawing;
}

export function AreaVertexHandles({ area, isEditable, size, drawing }: Props) {
  const { t } = useTranslation();
  const { selectedVertex, vertexRefs, vertex } = drawing;
  return area.points.map((point, index) => {
    const pixel = pointToPixels(point, size);
    const isVertexSelected = index === selectedVertex;
    return (
      <g key={`${area.key}-${index}`}>
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
              ? t('areaEditor.vertex', { n: index + 1, x: percent(point.x), y: percent(point.y) })
              : undefined
          }
          aria-pressed={isEditable ? isVertexSelected : undefined}
          data-testid="area-vertex"
          style={{ cursor: isEditable ? 'move' : 'default', outline: 'none' }}
          onPointerDown={(event) => vertex.onPointerDown(event, index)}
          onPointerMove={vertex.onPointerMove}
          onPointerUp={vertex.onPointerEnd}
          onPointerCancel={vertex.onPointerEnd}
          onFocus={() => vertex.onFocus(index)}
          onKeyDown={(event) => vertex.onKeyDown(event, index)}
        />
        <circle
          cx={pixel.x}
          cy={pixel.y}
          r={VERTEX_RADIUS}
          fill={isVertexSelected ? 'white' : area.color}
          stroke={isVertexSelected ? area.color : 'white'}
          strokeWidth={2}
          style={{ pointerEvents: 'none' }}
        />
      </g>
    );
  });
}

// One area drawn over the picture (advanced.md §5): a filled polygon once its outline can close, else the open
// line with the closing line that would cross dashed in red; its name; and, unless it is the one being edited
// (whose points are handles, AreaVertexHandles), small dots at its points.
import { canClose, labelPosition, pointToPixels, svgPoints, type EditorArea } from './area-editor-rules.ts';

interface Props {
  area: EditorArea;
  isSelected: boolean;
  maxPoints: number;
  size: { width: number; height: number };
}

export function AreaShape({ area, isSelected, maxPoints, size }: Props) {
  const complete = canClose(area.points, maxPoints);
  const label = labelPosition(area.points, size);
  const first = area.points[0];
  const last = area.points[area.points.length - 1];
  return (
    <g
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
}

// Drawing in the area editor (advanced.md §5): what a click, a drag, a key or a tool does to the selected area's
// outline. Every change goes through the rules (area-editor-rules.ts); a refused one keeps the outline and
// says why (refusal), an accepted one is handed to the screen (onChangePoints). It also keeps which point is
// selected (per area) and moves the keyboard focus to a point after it was added or its neighbour removed.
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import {
  addPoint,
  movePoint,
  NUDGE_STEP,
  NUDGE_STEP_LARGE,
  nudgePoint,
  pointFromClient,
  removePoint,
  suggestedPoint,
  type AreaEditRefusal,
  type AreaEditResult,
  type Point,
} from '../components/area-editor/area-editor-rules.ts';

interface DrawnArea {
  key: string;
  points: Point[];
}

export interface AreaDrawingOptions {
  selected: DrawnArea | undefined;
  selectedIndex: number | null;
  isEditable: boolean;
  maxPoints: number;
  onChangePoints: (index: number, points: Point[]) => void;
  /** The picture the points are relative to. */
  svgRef: RefObject<SVGSVGElement | null>;
}

export function useAreaDrawing({
  selected,
  selectedIndex,
  isEditable,
  maxPoints,
  onChangePoints,
  svgRef,
}: AreaDrawingOptions) {
  const vertexRefs = useRef<(SVGCircleElement | null)[]>([]);
  const [refusal, setRefusal] = useState<AreaEditRefusal | null>(null);
  const [vertex, setVertex] = useState<{ areaKey: string; index: number } | null>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const dragging = useRef<number | null>(null);
  // Pointer handlers read the newest outline, not the one of the render that attached them.
  const latest = useRef({ selected, selectedIndex });
  latest.current = { selected, selectedIndex };

  const selectedVertex =
    selected && vertex?.areaKey === selected.key && vertex.index < selected.points.length
      ? vertex.index
      : null;

  useEffect(() => setRefusal(null), [selected?.key]);
  useEffect(() => {
    if (focusIndex === null) return;
    vertexRefs.current[focusIndex]?.focus();
    setFocusIndex(null);
  }, [focusIndex]);

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

  const removeVertex = (index: number) => {
    if (!selected) return;
    const next = removePoint(selected.points, index);
    const following = next.length === 0 ? null : Math.min(index, next.length - 1);
    apply({ ok: true, points: next }, following);
    if (following !== null) setFocusIndex(following);
  };

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

  const onVertexPointerEnd = (event: PointerEvent<SVGCircleElement>) => {
    if (dragging.current === null) return;
    dragging.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  };

  const onVertexFocus = (index: number) => {
    if (selected) setVertex({ areaKey: selected.key, index });
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

  // The tools under the picture.
  const addSuggestedPoint = () => {
    if (!selected) return;
    const count = selected.points.length;
    if (apply(addPoint(selected.points, suggestedPoint(selected.points), maxPoints), count))
      setFocusIndex(count);
  };
  const removeSelectedPoint = () => {
    if (selectedVertex !== null) removeVertex(selectedVertex);
  };
  const removeLastPoint = () => {
    if (selected) apply({ ok: true, points: selected.points.slice(0, -1) }, null);
  };
  const clearPoints = () => apply({ ok: true, points: [] }, null);

  return {
    refusal,
    selectedVertex,
    vertexRefs,
    onPictureClick,
    vertex: {
      onPointerDown: onVertexPointerDown,
      onPointerMove: onVertexPointerMove,
      onPointerEnd: onVertexPointerEnd,
      onFocus: onVertexFocus,
      onKeyDown: onVertexKeyDown,
    },
    tools: { addSuggestedPoint, removeSelectedPoint, removeLastPoint, clearPoints },
  };
}

export type AreaDrawing = ReturnType<typeof useAreaDrawing>;

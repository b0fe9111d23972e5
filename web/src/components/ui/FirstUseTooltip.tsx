// A Mantine Tooltip whose code (with Floating UI) loads the first time the pointer is on its element (issue 19,
// first-use.ts). Until then the element alone, with what Mantine's Tooltip would pass it; the tooltip shows once its
// code is there if the pointer is still on the element.
import { cloneElement, isValidElement, type ReactElement, type Ref } from 'react';
import type { TooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { firstUseCode, useFirstUse } from './first-use.ts';

const tooltipCode = firstUseCode(() => import('./tooltip-code.ts'));

/** Loads the tooltip code now: component tests hover and look at the tooltip at once. */
export const preloadFirstUseTooltip = tooltipCode.load;

type ChildProps = Record<string, unknown> & { ref?: Ref<HTMLElement>; className?: string };

const chain =
  (...handlers: unknown[]) =>
  (event: unknown) => {
    for (const handler of handlers) if (typeof handler === 'function') handler(event);
  };

export function FirstUseTooltip(props: TooltipProps) {
  const firstUse = useFirstUse(tooltipCode);
  const child = isValidElement(props.children) ? (props.children as ReactElement<ChildProps>) : null;
  const ref = useMergedRef(child?.props.ref, props.ref, firstUse.ref);
  const Full = firstUse.code?.Tooltip;
  if (Full) return <Full defaultOpened={firstUse.isHoveredAtStart || undefined} {...props} ref={ref} />;
  if (!child) return props.children;
  // What Mantine's Tooltip gives its element (the rest of its props go to the tooltip's own box).
  const childProps = child.props;
  return cloneElement(child, {
    onClick: props.onClick,
    onMouseEnter: props.onMouseEnter,
    onMouseLeave: props.onMouseLeave,
    onMouseMove: props.onMouseMove,
    ...childProps,
    onPointerDown: chain(props.onPointerDown, childProps.onPointerDown, firstUse.lightProps.onPointerDown),
    onPointerEnter: chain(
      props.onPointerEnter,
      childProps.onPointerEnter,
      firstUse.lightProps.onPointerEnter,
    ),
    onPointerLeave: chain(childProps.onPointerLeave, firstUse.lightProps.onPointerLeave),
    className: [props.className, childProps.className].filter(Boolean).join(' ') || undefined,
    ref,
  });
}

// Tooltips hide 500 ms after the pointer leaves (advanced.md §2, §9).
import { Tooltip, type TooltipProps } from '@mantine/core';

export const TOOLTIP_HIDE_DELAY_MS = 500;

export function HintTooltip(props: TooltipProps) {
  return <Tooltip closeDelay={TOOLTIP_HIDE_DELAY_MS} withArrow {...props} />;
}

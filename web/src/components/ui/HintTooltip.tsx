// Tooltips hide 500 ms after the pointer leaves (advanced.md §2, §9). Their code loads on first use (issue 19).
import type { TooltipProps } from '@mantine/core';
import { FirstUseTooltip } from './FirstUseTooltip.tsx';

export const TOOLTIP_HIDE_DELAY_MS = 500;

export function HintTooltip(props: TooltipProps) {
  return <FirstUseTooltip closeDelay={TOOLTIP_HIDE_DELAY_MS} withArrow {...props} />;
}

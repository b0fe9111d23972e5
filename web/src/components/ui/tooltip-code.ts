// Mantine's Tooltip (with Floating UI), loaded on first use by FirstUseTooltip.tsx (issue 19).
export { Tooltip } from '@mantine/core';

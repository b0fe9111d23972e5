// Mantine's Popover (with Floating UI), loaded on first use by FirstUsePopover.tsx (issue 19).
export { Popover } from '@mantine/core';

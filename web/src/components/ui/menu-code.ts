// Mantine's Menu (with Floating UI and its focus trap), loaded on first use by FirstUseMenu.tsx (issue 19).
export { Menu } from '@mantine/core';

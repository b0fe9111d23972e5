// The header search box's combobox (Mantine's Autocomplete with Floating UI), loaded on first use (issue 19).
export { Autocomplete } from '@mantine/core';

// Mantine's Modal on its own, for AppDialog to load when a dialog first opens: the first screens then carry
// neither it nor its focus trap and scroll lock (issue 19).
export { Modal as default } from '@mantine/core';

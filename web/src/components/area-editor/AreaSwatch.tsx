// A small sample of how an area is drawn over the picture (its colour, solid or dashed), for legends and the
// choice of the area being drawn.
import { Box } from '@mantine/core';

export function AreaSwatch({ color, dashed }: { color: string; dashed?: boolean }) {
  return (
    <Box
      aria-hidden
      w={22}
      h={12}
      style={{
        flex: 'none',
        border: `2px ${dashed ? 'dashed' : 'solid'} ${color}`,
        background: `${color}33`,
        borderRadius: 2,
      }}
    />
  );
}

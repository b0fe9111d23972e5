// The bell's panel as a Mantine Popover, loaded on first use by NotificationBell.tsx (issue 19).
import { Popover } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';

export function NotificationBellPopover({
  opened,
  onChange,
  target,
  children,
}: {
  opened: boolean;
  onChange: (opened: boolean) => void;
  target: ReactElement;
  children: ReactNode;
}) {
  return (
    <Popover opened={opened} onChange={onChange} position="bottom-end" width={280} shadow="md" withArrow>
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown p={0}>{children}</Popover.Dropdown>
    </Popover>
  );
}

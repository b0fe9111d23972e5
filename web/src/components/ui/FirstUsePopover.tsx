// A Mantine Popover (uncontrolled) whose code loads on first use (issue 19, first-use.ts): until then its target
// alone, with the `aria-haspopup` and `aria-expanded` Mantine gives it; pointing at or focusing it loads the
// popover, and a click opens it as soon as it is there.
import { cloneElement, type ReactElement, type ReactNode, type Ref } from 'react';
import type { PopoverDropdownProps, PopoverProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { firstUseCode, useFirstUse } from './first-use.ts';

const popoverCode = firstUseCode(() => import('./popover-code.ts'));

/** Loads the popover code now (component tests open popovers at once). */
export const preloadFirstUsePopover = popoverCode.load;

type TargetProps = { ref?: Ref<HTMLElement>; onClick?: (event: unknown) => void };

export interface FirstUsePopoverProps extends Omit<
  PopoverProps,
  'children' | 'defaultOpened' | 'opened' | 'onChange'
> {
  /** The button that opens the popover (an element that takes a ref). */
  target: ReactElement<TargetProps>;
  dropdownProps?: PopoverDropdownProps;
  /** What the popover shows. */
  children: ReactNode;
}

export function FirstUsePopover({ target, dropdownProps, children, ...popoverProps }: FirstUsePopoverProps) {
  const firstUse = useFirstUse(popoverCode);
  const ref = useMergedRef(target.props.ref, firstUse.ref);
  const Popover = firstUse.code?.Popover;
  if (!Popover) {
    const { onClick, ...light } = firstUse.lightProps;
    return cloneElement(target, {
      ...light,
      onClick: (event: unknown) => {
        target.props.onClick?.(event);
        onClick();
      },
      'aria-haspopup': 'dialog',
      'aria-expanded': false,
      ref,
    } as TargetProps);
  }
  return (
    <Popover {...popoverProps}>
      <Popover.Target>{cloneElement(target, { ref })}</Popover.Target>
      <Popover.Dropdown {...dropdownProps}>{children}</Popover.Dropdown>
    </Popover>
  );
}

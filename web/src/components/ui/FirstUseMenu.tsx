// A Mantine Menu whose code loads on first use (issue 19, first-use.ts): until then its target alone, with the
// `aria-haspopup` and `aria-expanded` Mantine gives it; pointing at or focusing it loads the menu, and a click
// opens it as soon as it is there. The items are given as a function of the Menu component, so the screen that
// uses one does not import Mantine's Menu itself.
import { cloneElement, type ReactElement, type ReactNode, type Ref } from 'react';
import type { Menu as MantineMenu, MenuProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { firstUseCode, useFirstUse } from './first-use.ts';

const menuCode = firstUseCode(() => import('./menu-code.ts'));

/** Loads the menu code now (component tests open menus at once). */
export const preloadFirstUseMenu = menuCode.load;

type TargetProps = { ref?: Ref<HTMLElement>; onClick?: (event: unknown) => void };

export interface FirstUseMenuProps extends Omit<MenuProps, 'children' | 'defaultOpened'> {
  /** The button that opens the menu (an element that takes a ref). */
  target: ReactElement<TargetProps>;
  /** The menu's items, made with the Menu component once it has loaded. */
  items: (Menu: typeof MantineMenu) => ReactNode;
}

export function FirstUseMenu({ target, items, ...menuProps }: FirstUseMenuProps) {
  const firstUse = useFirstUse(menuCode);
  const ref = useMergedRef(target.props.ref, firstUse.ref);
  const Menu = firstUse.code?.Menu;
  if (!Menu) {
    const { onClick, ...light } = firstUse.lightProps;
    return cloneElement(target, {
      ...light,
      onClick: (event: unknown) => {
        target.props.onClick?.(event);
        onClick();
      },
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      ref,
    } as TargetProps);
  }
  return (
    <Menu {...menuProps}>
      <Menu.Target>{cloneElement(target, { ref })}</Menu.Target>
      <Menu.Dropdown>{items(Menu)}</Menu.Dropdown>
    </Menu>
  );
}

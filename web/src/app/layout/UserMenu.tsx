// User menu (core.md §2; the menu itself is UserMenuFull.tsx). Until its code has loaded on first use (issue 19,
// first-use.ts), the same button without the menu: pointing at or focusing it loads the menu, a click opens it.
import { Button } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { UserInfo } from '@camwatch/contract/auth';
import { firstUseCode, useFirstUse } from '../../components/ui/first-use.ts';
import { useTranslation } from '../../lib/i18n.ts';

const menuCode = firstUseCode(() => import('./UserMenuFull.tsx'));

/** Loads the menu code now (component tests open the menu at once). */
export const preloadUserMenu = menuCode.load;

export function UserMenu({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const firstUse = useFirstUse(menuCode);
  const Full = firstUse.code?.UserMenuFull;
  if (Full) return <Full user={user} triggerRef={firstUse.ref} />;
  return (
    <Button
      ref={firstUse.ref}
      {...firstUse.lightProps}
      variant="subtle"
      rightSection={<IconChevronDown size={14} aria-hidden />}
      aria-label={`${t('header.userMenu')}: ${user.user_name}`}
      aria-haspopup="menu"
      aria-expanded={false}
    >
      <span className="user-menu-name">{user.user_name}</span>
    </Button>
  );
}

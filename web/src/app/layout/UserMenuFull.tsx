// User menu (core.md §2): change password (disabled with 'no permission' without modPassword), check privileges,
// child accounts (parents only), debug (debug right), logout. Loaded on first use by UserMenu.tsx (issue 19).
import { Button, Menu } from '@mantine/core';
import { showToast } from '../../lib/toast.ts';
import {
  IconBug,
  IconChevronDown,
  IconKey,
  IconLogout,
  IconShieldCheck,
  IconUsers,
} from '@tabler/icons-react';
import { useState, type Ref } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import type { UserInfo } from '@camwatch/contract/auth';
import { HintTooltip } from '../../components/ui/HintTooltip.tsx';
import { logout } from '../../features/auth/api/logout.ts';
import { ChangePasswordDialog } from '../../features/auth/components/ChangePasswordDialog.tsx';
import { PrivilegesDialog } from '../../features/auth/components/PrivilegesDialog.tsx';
import { endSession } from '../session.ts';
import { removePushBeforeLogout } from '../../features/push/push-client.ts';

export interface FullMenuProps {
  /** The light button's focus, and a click made before this code was there, move here (first-use.ts). */
  triggerRef: Ref<HTMLButtonElement>;
}

export function UserMenuFull({ user, triggerRef }: { user: UserInfo } & FullMenuProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'password' | 'privileges' | null>(null);
  const [isLoggingOut, setLoggingOut] = useState(false);

  const onLogout = async () => {
    setLoggingOut(true);
    try {
      // The push subscription goes first (core.md §4); its failure never blocks the logout.
      await removePushBeforeLogout();
      await logout();
      endSession({ keepRedirect: false });
    } catch {
      showToast({ color: 'red', message: t('messages.logoutFailed') });
    } finally {
      setLoggingOut(false);
    }
  };

  const changePassword = (
    <Menu.Item
      leftSection={<IconKey size={16} aria-hidden />}
      disabled={!user.permissions.modPassword}
      onClick={() => setDialog('password')}
    >
      {t('header.changePassword')}
    </Menu.Item>
  );

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            ref={triggerRef}
            variant="subtle"
            rightSection={<IconChevronDown size={14} aria-hidden />}
            aria-label={`${t('header.userMenu')}: ${user.user_name}`}
            loading={isLoggingOut}
          >
            <span className="user-menu-name">{user.user_name}</span>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {user.permissions.modPassword ? (
            changePassword
          ) : (
            <HintTooltip label={t('messages.noPermission')} position="left">
              <div>{changePassword}</div>
            </HintTooltip>
          )}
          <Menu.Item
            leftSection={<IconShieldCheck size={16} aria-hidden />}
            onClick={() => setDialog('privileges')}
          >
            {t('header.privileges')}
          </Menu.Item>
          {user.hasChildUser && (
            <Menu.Item component={Link} to="/child_users" leftSection={<IconUsers size={16} aria-hidden />}>
              {t('header.childUsers')}
            </Menu.Item>
          )}
          {user.permissions.debug && (
            <Menu.Item component={Link} to="/debug" leftSection={<IconBug size={16} aria-hidden />}>
              {t('header.debug')}
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void onLogout()}>
            {t('header.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChangePasswordDialog opened={dialog === 'password'} onClose={() => setDialog(null)} />
      <PrivilegesDialog opened={dialog === 'privileges'} onClose={() => setDialog(null)} user={user} />
    </>
  );
}

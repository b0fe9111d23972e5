// The header bell (core.md §2, §9): total unread count, and a panel listing each visible notification type
// with its unread count (rows 45 px apart) that leads to notification?actTab=<type>. Whether the panel is
// open is kept in the browser. The panel's popover code loads on first use (issue 19, first-use.ts): pointing at or
// focusing the bell, or the panel being open.
import { ActionIcon, Badge, Group, Indicator, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useEffect } from 'react';
import { firstUseCode, useFirstUse } from '../../../components/ui/first-use.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import { isTltMode, modeShowsAnnouncements } from '@camwatch/contract/environment';
import { notificationTabEvent, visibleNotificationTabs } from '@camwatch/contract/notification-tabs';
import { useBrowserState } from '../../../lib/browser-state.ts';
import { useEnvSettings } from '../../../lib/env-settings.tsx';
import { useReadStates } from '../api/get-read-states.ts';

const popoverCode = firstUseCode(() => import('./NotificationBellPopover.tsx'));

/** Loads the panel's code now (component tests open the panel at once). */
export const preloadNotificationBell = popoverCode.load;

/** Row pitch of the panel (core.md §9). */
export const BELL_ROW_HEIGHT_PX = 45;

/** pollReadStates: false while web push is subscribed (core.md §4). */
export function NotificationBell({ pollReadStates = true }: { pollReadStates?: boolean }) {
  const { t } = useTranslation();
  const { environmentMode } = useEnvSettings();
  const [tooltip, setTooltip] = useBrowserState('notificationTooltip');
  const { data: reads = [] } = useReadStates(pollReadStates);
  const tabs = visibleNotificationTabs({
    isTlt: isTltMode(environmentMode),
    showAnnouncement: modeShowsAnnouncements(environmentMode),
  });
  const unreadOf = (tab: (typeof tabs)[number]) =>
    reads.find((r) => r.event === notificationTabEvent[tab])?.unread ?? 0;
  const total = tabs.reduce((sum, tab) => sum + unreadOf(tab), 0);
  const label = total > 0 ? t('notifications.bellUnread', { count: total }) : t('notifications.bell');

  const firstUse = useFirstUse(popoverCode);
  const { start } = firstUse;
  useEffect(() => {
    if (tooltip.open) start();
  }, [tooltip.open, start]);
  const Popover = firstUse.code?.NotificationBellPopover;

  const bell = (
    <ActionIcon
      ref={firstUse.ref}
      onPointerEnter={Popover ? undefined : firstUse.lightProps.onPointerEnter}
      onFocus={Popover ? undefined : firstUse.lightProps.onFocus}
      onPointerDown={Popover ? undefined : firstUse.lightProps.onPointerDown}
      variant="subtle"
      size="lg"
      aria-label={label}
      aria-expanded={tooltip.open}
      onClick={() => setTooltip({ open: !tooltip.open })}
    >
      <IconBell size={20} aria-hidden />
    </ActionIcon>
  );
  const indicator = {
    label: total > 99 ? '99+' : total,
    size: 16,
    disabled: total === 0,
    color: 'red',
    offset: 6,
  };
  // Until the popover's code is there: the bell as Mantine's Popover target would show it, without the panel.
  if (!Popover)
    return (
      <Indicator {...indicator} aria-haspopup="dialog" aria-expanded={tooltip.open}>
        {bell}
      </Indicator>
    );

  return (
    <Popover
      opened={tooltip.open}
      onChange={(open) => setTooltip({ open })}
      target={<Indicator {...indicator}>{bell}</Indicator>}
    >
      <Stack gap={0} component="nav" aria-label={t('notifications.bell')}>
        {tabs.map((tab) => (
          <UnstyledButton
            key={tab}
            component={Link}
            to={`/notification?actTab=${tab}`}
            onClick={() => setTooltip({ open: false })}
            h={BELL_ROW_HEIGHT_PX}
            px="md"
            data-tab={tab}
          >
            <Group justify="space-between" h="100%" wrap="nowrap">
              <Text size="sm">{t(`notifications.tabs.${tab}`)}</Text>
              {unreadOf(tab) > 0 && (
                <Badge
                  color="red"
                  variant="filled"
                  size="sm"
                  aria-label={t('notifications.unread', { count: unreadOf(tab) })}
                >
                  {unreadOf(tab)}
                </Badge>
              )}
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </Popover>
  );
}

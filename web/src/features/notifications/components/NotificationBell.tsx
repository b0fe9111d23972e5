// The header bell (core.md §2, §9): total unread count, and a panel listing each visible notification type
// with its unread count (rows 45 px apart) that leads to notification?actTab=<type>. Whether the panel is
// open is kept in the browser.
import { ActionIcon, Badge, Group, Indicator, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import { isTltMode, modeShowsAnnouncements } from '@camwatch/contract/environment';
import { notificationTabEvent, visibleNotificationTabs } from '@camwatch/contract/notification-tabs';
import { useBrowserState } from '../../../lib/browser-state.ts';
import { useEnvSettings } from '../../../lib/env-settings.tsx';
import { useReadStates } from '../api/get-read-states.ts';

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

  return (
    <Popover
      opened={tooltip.open}
      onChange={(open) => setTooltip({ open })}
      position="bottom-end"
      width={280}
      shadow="md"
      withArrow
    >
      <Popover.Target>
        <Indicator label={total > 99 ? '99+' : total} size={16} disabled={total === 0} color="red" offset={6}>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={label}
            aria-expanded={tooltip.open}
            onClick={() => setTooltip({ open: !tooltip.open })}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0}>
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
      </Popover.Dropdown>
    </Popover>
  );
}

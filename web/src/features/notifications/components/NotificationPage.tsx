// notification?actTab=<type> (core.md §2, §9): one tab per visible notification type, the newest first,
// 20 a page. Opening a tab marks its type read once its list has loaded, so the bell's count drops.
import { Anchor, Badge, Box, Group, Pagination, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useSearchParams } from 'react-router';
import { NOTIFICATIONS_LIMIT } from '@camwatch/contract/constants';
import { isTltMode, modeShowsAnnouncements } from '@camwatch/contract/environment';
import {
  notificationTabEvent,
  visibleNotificationTabs,
  type NotificationTab,
} from '@camwatch/contract/notification-tabs';
import { PageLoader } from '../../../components/ui/PageLoader.tsx';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { QueryErrorState } from '../../../components/ui/QueryErrorState.tsx';
import { useEnvSettings } from '../../../lib/env-settings.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useMarkRead, useNotifications } from '../api/notifications.ts';
import { notificationText } from '../notification-text.ts';
import '../notification-page-texts.ts';

export default function NotificationPage() {
  const { t } = useTranslation();
  const { environmentMode } = useEnvSettings();
  const [search, setSearch] = useSearchParams();
  const tabs = visibleNotificationTabs({
    isTlt: isTltMode(environmentMode),
    showAnnouncement: modeShowsAnnouncements(environmentMode),
  });
  const requested = search.get('actTab') as NotificationTab | null;
  const tab = requested && tabs.includes(requested) ? requested : (tabs[0] ?? 'Monitor');
  const page = Math.max(1, Number(search.get('page')) || 1);
  const event = notificationTabEvent[tab];
  const notifications = useNotifications(event, page);
  const { data, isPending, isError } = notifications;
  const markRead = useMarkRead();
  const { mutate } = markRead;

  // Marked read only once this tab's list has arrived, so the list still shows what was new when it was opened
  // (sent together, the mark could reach the server before the list was read).
  const listLoaded = notifications.isSuccess && !notifications.isPlaceholderData;
  useEffect(() => {
    if (listLoaded) mutate(event);
  }, [event, listLoaded, mutate]);

  const totalPages = Math.max(1, Math.ceil((data?.total ?? 0) / NOTIFICATIONS_LIMIT));

  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <PageTitle>{t('pages.notification')}</PageTitle>
      <Tabs value={tab} onChange={(value) => value && setSearch({ actTab: value })} keepMounted={false}>
        <Tabs.List>
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`notifications.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab} pt="md">
          {isPending ? (
            <PageLoader />
          ) : isError ? (
            <QueryErrorState
              message={t('notificationPage.loadFailed')}
              error={notifications.error}
              onRetry={notifications.refetch}
              isRetrying={notifications.isFetching}
            />
          ) : data.notifications.length === 0 ? (
            <Text c="dimmed">{t('notificationPage.empty')}</Text>
          ) : (
            <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {data.notifications.map((n) => (
                <Paper key={n.id} component="li" withBorder p="sm" data-notification={n.id}>
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <Stack gap={4}>
                      <Group gap="xs">
                        {!n.read && (
                          <Badge color="red" size="xs">
                            {t('notificationPage.new')}
                          </Badge>
                        )}
                        <Text size="sm" c="dimmed" component="time" dateTime={n.dateTime}>
                          {formatDateTime(new Date(n.dateTime))}
                        </Text>
                      </Group>
                      <Text>{notificationText(n, t)}</Text>
                      {n.camera_code && n.camera_name && (
                        <Anchor component={Link} to={`/detail/${n.camera_code}`} size="sm">
                          {n.camera_name}
                        </Anchor>
                      )}
                    </Stack>
                    {n.url && (
                      // A download's address answers with its file (an attachment), so it is saved, not opened.
                      <Anchor href={n.url} download={n.event === 'download' || undefined} size="sm">
                        {t('notificationPage.open')}
                      </Anchor>
                    )}
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
          {totalPages > 1 && (
            <Pagination
              mt="md"
              total={totalPages}
              value={page}
              siblings={2}
              onChange={(next) => setSearch({ actTab: tab, page: String(next) })}
              getControlProps={(control) => ({ 'aria-label': t(`notificationPage.pager.${control}`) })}
            />
          )}
        </Tabs.Panel>
      </Tabs>
    </Box>
  );
}

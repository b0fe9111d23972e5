// The main layout every logged-in screen sits in: header, side navigation, footer with clock and feedback.
import { AppShell, Burger, Group, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link, Outlet } from 'react-router';
import { meQueryOptions } from '../../lib/current-user.ts';
import { FeedbackWidget } from '../../features/feedback/components/FeedbackWidget.tsx';
import { NotificationBell } from '../../features/notifications/components/NotificationBell.tsx';
import { PushLayer } from '../../features/push/components/PushLayer.tsx';
import { usePushSnapshot } from '../../features/push/push-client.ts';
import { useTags } from '../../features/tags/api/get-tags.ts';
import { CameraListSlotsContext } from '../../features/cameras/camera-list-slots.ts';
import { KeywordSearch } from '../../features/cameras/components/KeywordSearch.tsx';
import { PageLoader } from '../../components/ui/PageLoader.tsx';
import { DetailSlotsContext } from '../../features/player/detail-slots.ts';
import { FisheyeSlot, MultiWallSlot, TagDialogSlot, TimeLapseSlot } from './feature-slots.tsx';
import { Footer } from './Footer.tsx';
import { CameraMapSlot } from './map-slot.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { SideNav } from './SideNav.tsx';
import { useLoginCheck } from './use-login-check.ts';
import { UserMenu } from './UserMenu.tsx';

/** The detail page's 360-degree viewer and time-lapse dialog, from their features. */
const detailSlots = { FisheyeViewer: FisheyeSlot, TimeLapseDialog: TimeLapseSlot };

export default function AppLayout() {
  const { t } = useTranslation();
  const [isNavOpen, nav] = useDisclosure(false);
  const { data: user } = useQuery(meQueryOptions);
  const {
    data: tags = [],
    dataUpdatedAt: tagsLoadedAt,
    isFetching: isFetchingTags,
    refetch: refetchTags,
  } = useTags();
  useLoginCheck();
  const push = usePushSnapshot();
  // The camera list gets the tags feature's names and dialog from here: features do not import one another.
  const cameraListSlots = useMemo(
    () => ({
      tags,
      tagList:
        tagsLoadedAt > 0
          ? { loadedAt: tagsLoadedAt, isFetching: isFetchingTags, refresh: refetchTags }
          : undefined,
      TagDialog: TagDialogSlot,
      MultiWall: MultiWallSlot,
      CameraMap: CameraMapSlot,
    }),
    [tags, tagsLoadedAt, isFetchingTags, refetchTags],
  );
  if (!user) return null; // the route loader has loaded it; this only guards a cleared cache during logout

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'md', collapsed: { mobile: !isNavOpen } }}
      footer={{ height: { base: 100, sm: 40 } }}
      padding={0}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isNavOpen}
              onClick={nav.toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={t('nav.menu')}
              aria-expanded={isNavOpen}
            />
            <UnstyledButton component={Link} to="/list/1" aria-label={t('common.appName')}>
              <Title order={2} size="h4" c="blue.8">
                {t('common.appName')}
              </Title>
            </UnstyledButton>
          </Group>
          <KeywordSearch visibleFrom="sm" style={{ flex: 1, maxWidth: 420 }} />
          <Group gap="xs" wrap="nowrap">
            <NotificationBell pollReadStates={push.state !== 'receive'} />
            <LanguageMenu />
            <UserMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <SideNav user={user} tags={tags.filter((tag) => tag.cameras.length > 0)} onNavigate={nav.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>
          <CameraListSlotsContext.Provider value={cameraListSlots}>
            <DetailSlotsContext.Provider value={detailSlots}>
              <Outlet />
            </DetailSlotsContext.Provider>
          </CameraListSlotsContext.Provider>
        </Suspense>
      </AppShell.Main>
      <AppShell.Footer>
        <Footer user={user} feedback={<FeedbackWidget />} />
      </AppShell.Footer>
      <PushLayer />
    </AppShell>
  );
}

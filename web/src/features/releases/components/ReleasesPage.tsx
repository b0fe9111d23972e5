// releases: the release information, newest first: version, date (YYYY-MM-DD) and message (advanced.md §1, §3).
import { Box, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import type { Release } from '@camwatch/contract/releases';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { QueryErrorState } from '../../../components/ui/QueryErrorState.tsx';
import { useReleases } from '../api/get-releases.ts';
import '../releases-texts.ts';

function ReleaseItem({ release }: { release: Release }) {
  const { t } = useTranslation();
  return (
    <Paper component="li" withBorder p="md" radius="sm" data-testid="release">
      <Title order={2} size="h5">
        {t('releasesPage.version', { version: release.version })}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('releasesPage.releasedOn')} <time dateTime={release.date}>{release.date}</time>
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{release.message}</Text>
    </Paper>
  );
}

export default function ReleasesPage() {
  const { t } = useTranslation();
  const releases = useReleases();
  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <PageTitle>{t('pages.releases')}</PageTitle>
      {releases.data ? (
        releases.data.length === 0 ? (
          <Text c="dimmed">{t('releasesPage.empty')}</Text>
        ) : (
          <Stack
            component="ul"
            gap="sm"
            aria-label={t('releasesPage.list')}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {releases.data.map((release) => (
              <ReleaseItem key={`${release.version}-${release.date}`} release={release} />
            ))}
          </Stack>
        )
      ) : releases.isError ? (
        <QueryErrorState
          message={t('releasesPage.loadFailed')}
          error={releases.error}
          onRetry={releases.refetch}
          isRetrying={releases.isFetching}
        />
      ) : (
        <Center py="lg">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
    </Box>
  );
}

// share/:token (issue 22, public): the range a share link shows, without an account. The camera's name, the range
// and the link's expiry; the range's recorded minutes played one after another from the first (the next starts
// when one ends; a minute can be picked from the list); the file of the range when the link allows it. A link that
// is altered, expired or revoked says so; a clip refused mid-play (the link revoked meanwhile) asks again and so
// shows why. Each opening of the page is one view on the server (and one audit event).
import {
  Alert,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { SharedRange } from '@camwatch/contract/share-links';
import { LanguageSelect } from '../../../components/ui/LanguageSelect.tsx';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { localDateMinute, localTime } from '../../../lib/local-time.ts';
import { refusalOf, usePublicShare } from '../api/public-share.ts';
import { formatRange } from '../share-range-format.ts';
import '../share-links-texts.ts';

export default function SharedClipPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation();
  const share = usePublicShare(token);
  const refusal = refusalOf(share.error);

  return (
    <Container size="md" py="md" component="main">
      <Group justify="space-between" mb="sm">
        <Text fw={700} c="blue.8">
          {t('common.appName')}
        </Text>
        <LanguageSelect w={140} size="xs" />
      </Group>
      {share.isPending ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : share.isError ? (
        <Stack>
          <PageTitle>{t('shareLinks.shared.heading')}</PageTitle>
          <Alert color={refusal ? 'yellow' : 'red'} variant="light" role="alert" data-testid="share-refused">
            {refusal ? t(`shareLinks.shared.refused.${refusal}`) : t('shareLinks.shared.loadFailed')}
          </Alert>
        </Stack>
      ) : (
        <SharedRangeView
          range={share.data}
          onRefresh={() => void share.refetch()}
          isRefreshing={share.isFetching}
        />
      )}
    </Container>
  );
}

function SharedRangeView({
  range,
  onRefresh,
  isRefreshing,
}: {
  range: SharedRange;
  onRefresh: () => void;
  isRefreshing: boolean;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [hasEnded, setEnded] = useState(false);
  const clip = range.clips[index];
  const download = range.download;

  return (
    <Stack gap="sm">
      <PageTitle>{range.camera_name}</PageTitle>
      <Text size="sm" c="dimmed" mt={-12}>
        {t('shareLinks.shared.note')}
      </Text>
      <Group gap="lg">
        <Text size="sm" data-testid="shared-range">
          {t('shareLinks.shared.range', {
            range: formatRange(range.start_datetime, range.end_datetime),
          })}
        </Text>
        <Text size="sm" data-testid="shared-expiry">
          {t('shareLinks.shared.expires', { time: localDateMinute(Date.parse(range.expires_at)) })}
        </Text>
      </Group>
      {clip ? (
        <>
          <video
            key={clip.clip_id}
            src={clip.url}
            controls
            autoPlay
            muted
            playsInline
            data-testid="shared-video"
            style={{ width: '100%', background: 'black', borderRadius: 4, aspectRatio: '16 / 9' }}
            onPlay={() => setEnded(false)}
            onEnded={() => {
              if (index + 1 < range.clips.length) setIndex(index + 1);
              else setEnded(true);
            }}
            // A clip refused while playing (the link revoked or expired meanwhile): ask again to show why.
            onError={onRefresh}
          />
          <Text size="sm" role="status">
            {hasEnded
              ? t('shareLinks.shared.ended')
              : t('shareLinks.shared.playing', { time: localTime(Date.parse(clip.start_time)) })}
          </Text>
          <Title order={2} size="h5">
            {t('shareLinks.shared.minutes')}
          </Title>
          <Group gap={6} component="nav" aria-label={t('shareLinks.shared.minutes')}>
            {range.clips.map((c, i) => (
              <UnstyledButton
                key={c.clip_id}
                onClick={() => {
                  setIndex(i);
                  setEnded(false);
                }}
                aria-current={i === index ? 'true' : undefined}
                aria-label={t('shareLinks.shared.minute', { time: localTime(Date.parse(c.start_time)) })}
                px={8}
                py={2}
                style={{
                  borderRadius: 4,
                  fontSize: 13,
                  background: i === index ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-1)',
                  color: i === index ? 'white' : undefined,
                }}
              >
                {localTime(Date.parse(c.start_time))}
              </UnstyledButton>
            ))}
          </Group>
        </>
      ) : (
        <Alert color="yellow" variant="light">
          {t('shareLinks.shared.noClips')}
        </Alert>
      )}
      {download && (
        <Group gap="sm" data-testid="shared-download" data-status={download.status}>
          {download.status === 'ready' && download.file_url ? (
            <Button
              component="a"
              href={download.file_url}
              download
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {t('shareLinks.shared.download')}
            </Button>
          ) : download.status === 'preparing' ? (
            <>
              <Text size="sm">{t('shareLinks.shared.preparing')}</Text>
              <Button
                size="xs"
                variant="light"
                loading={isRefreshing}
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={onRefresh}
              >
                {t('shareLinks.shared.checkAgain')}
              </Button>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {download.status === 'failed'
                ? t('shareLinks.shared.downloadFailed')
                : t('shareLinks.shared.downloadExpired')}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}

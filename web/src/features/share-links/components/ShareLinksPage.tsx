// share-links (issue 22): the links the user made, newest first, with their camera, range, expiry, state and
// views, and a revoke button (after a confirmation) on those that still open. A link's address is not listed: the
// server keeps only its token's hash, so it is shown once, when made.
import { Badge, Box, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ShareLink } from '@camwatch/contract/share-links';
import { AppDialog } from '../../../components/ui/AppDialog.tsx';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { QueryErrorState } from '../../../components/ui/QueryErrorState.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { localDateMinute } from '../../../lib/local-time.ts';
import { showToast } from '../../../lib/toast.ts';
import { revokeShareLink, shareLinksQueryKey, useShareLinks } from '../api/share-links.ts';
import { formatRange } from '../share-range-format.ts';
import '../share-links-texts.ts';

const STATUS_COLORS = { active: 'green', expired: 'gray', revoked: 'red' } as const;

export default function ShareLinksPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const links = useShareLinks();
  const [confirming, setConfirming] = useState<ShareLink | null>(null);
  const [isRevoking, setRevoking] = useState(false);

  const revoke = async (link: ShareLink) => {
    setRevoking(true);
    try {
      const revoked = await revokeShareLink(link.share_link_id);
      queryClient.setQueryData<ShareLink[]>(shareLinksQueryKey, (list) =>
        list?.map((l) => (l.share_link_id === revoked.share_link_id ? revoked : l)),
      );
      showToast({ color: 'green', message: t('shareLinks.revoked') });
      setConfirming(null);
    } catch {
      showToast({ color: 'red', message: t('shareLinks.revokeFailed') });
    } finally {
      setRevoking(false);
    }
  };

  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <PageTitle>{t('shareLinks.title')}</PageTitle>
      <Stack gap="md">
        <Text size="sm" c="dimmed" maw={720}>
          {t('shareLinks.intro')}
        </Text>
        {links.isPending ? (
          <Loader size="sm" />
        ) : links.isError ? (
          <QueryErrorState
            message={t('shareLinks.loadFailed')}
            error={links.error}
            onRetry={links.refetch}
            isRetrying={links.isFetching}
          />
        ) : links.data.length === 0 ? (
          <Text>{t('shareLinks.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped aria-label={t('shareLinks.title')} verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('shareLinks.columns.camera')}</Table.Th>
                  <Table.Th>{t('shareLinks.columns.range')}</Table.Th>
                  <Table.Th>{t('shareLinks.columns.expires')}</Table.Th>
                  <Table.Th>{t('shareLinks.columns.status')}</Table.Th>
                  <Table.Th>{t('shareLinks.columns.views')}</Table.Th>
                  <Table.Th>{t('shareLinks.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {links.data.map((link) => {
                  const range = formatRange(link.start_datetime, link.end_datetime);
                  return (
                    <Table.Tr key={link.share_link_id} data-testid="share-link-row" data-status={link.status}>
                      <Table.Td>
                        <Link to={`/detail/${encodeURIComponent(link.camera_code)}`}>{link.camera_name}</Link>
                      </Table.Td>
                      <Table.Td>
                        {range}
                        {link.allow_download && (
                          <Badge ml="xs" size="xs" variant="light">
                            {t('shareLinks.download')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>{localDateMinute(Date.parse(link.expires_at))}</Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLORS[link.status]} variant="light">
                          {t(`shareLinks.status.${link.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {link.view_count}
                        {link.last_viewed_at && (
                          <Text size="xs" c="dimmed">
                            {t('shareLinks.lastViewed', {
                              time: `${localDateMinute(Date.parse(link.last_viewed_at))}`,
                            })}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {link.status === 'active' && (
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            leftSection={<IconLinkOff size={14} aria-hidden />}
                            aria-label={t('shareLinks.revokeLabel', { camera: link.camera_name, range })}
                            onClick={() => setConfirming(link)}
                          >
                            {t('shareLinks.revoke')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <AppDialog
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('shareLinks.confirmTitle')}
        loading={isRevoking}
      >
        <Text mb="md">{t('shareLinks.confirm')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(null)} disabled={isRevoking}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={isRevoking} onClick={() => confirming && void revoke(confirming)}>
            {t('shareLinks.revoke')}
          </Button>
        </Group>
      </AppDialog>
    </Box>
  );
}

// detail/{code}/entry-detection (advanced.md §2, §3, §5; TLT environment modes only): a camera's entry
// detection area links. The camera's picture with every link's entry detection area (red, named) and machine
// area (orange, dashed), the list of links with what each detects in words, and the way to add (at most 5),
// edit and delete them. Without the configEnterAlert right everything is shown read-only (core.md §6). The
// route's loader has loaded the camera and the links (404 → notfound).
import { Alert, Box, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AreaLink } from '@camwatch/contract/entry-detection';
import { AREA_LINKS_MAX } from '@camwatch/contract/constants';
import { CameraPageHeader } from '../../../components/ui/CameraPageHeader.tsx';
import { AreaEditor, type EditorArea } from '../../../components/area-editor/AreaEditor.tsx';
import { useCameraPicture } from '../../../hooks/use-camera-picture.ts';
import { useMe } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useAreaLinks } from '../api/get-area-links.ts';
import { useCameraDetailQuery } from '../../../lib/api/camera-detail.ts';
import { canAddAreaLink } from '../entry-detection-rules.ts';
import { AreaLegend, ENTRY_AREA_COLOR, MACHINE_AREA_COLOR } from './AreaLegend.tsx';
import { AreaLinkTable } from './AreaLinkTable.tsx';
import { DeleteAreaLinkDialog } from './DeleteAreaLinkDialog.tsx';
import { pictureAspectRatio } from './picture.ts';

/** Every link's areas for the picture: machine areas first, so the entry areas are drawn over them. */
function linkAreas(links: readonly AreaLink[], machineOf: (name: string) => string): EditorArea[] {
  const machines = links.flatMap((link) =>
    link.machineArea
      ? [
          {
            key: `machine-${link.id}`,
            name: machineOf(link.areaName),
            points: link.machineArea,
            color: MACHINE_AREA_COLOR,
            dashed: true,
          },
        ]
      : [],
  );
  const entries = links.map((link) => ({
    key: `entry-${link.id}`,
    name: link.areaName,
    points: link.entryArea,
    color: ENTRY_AREA_COLOR,
  }));
  return [...machines, ...entries];
}

export default function EntryDetectionListPage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const camera = useCameraDetailQuery(code);
  const links = useAreaLinks(code);
  const canEdit = useMe().permissions.configEnterAlert;
  const picture = useCameraPicture(camera);
  const [deleting, setDeleting] = useState<AreaLink | null>(null);

  const isFull = !canAddAreaLink(links.length);
  const addBlockedReason = !canEdit
    ? t('messages.noPermission')
    : isFull
      ? t('entryDetection.maxLinks', { max: AREA_LINKS_MAX })
      : null;

  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <CameraPageHeader
        camera={camera}
        trail={[{ label: t('pages.entry_detection') }]}
        title={t('entryDetection.listTitle', { name: camera.camera_name })}
      />
      {!canEdit && (
        <Alert color="yellow" mb="md" data-testid="read-only-note">
          {t('entryDetection.readOnlyNote')}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="xs">
            <AreaEditor
              imageUrl={picture.url}
              placeholder={picture.isLoading ? t('areaEditor.loadingPicture') : undefined}
              onImageError={picture.onError}
              aspectRatio={pictureAspectRatio(camera)}
              pictureLabel={t('entryDetection.picture', { name: camera.camera_name })}
              areas={linkAreas(links, (area) => t('entryDetection.machineOf', { area }))}
              selectedIndex={null}
              onChangePoints={() => {}}
              readOnly
              hint={t('entryDetection.listHint')}
            />
            <AreaLegend />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Box component="section" aria-labelledby="area-links-title">
            <Group justify="space-between" align="center" mb="sm" gap="xs">
              <Group gap="xs" align="baseline">
                <Title order={2} size="h4" id="area-links-title">
                  {t('entryDetection.links')}
                </Title>
                <Text size="sm" c="dimmed" data-testid="area-link-count">
                  {t('entryDetection.linkCount', { count: links.length, max: AREA_LINKS_MAX })}
                </Text>
              </Group>
              {addBlockedReason === null ? (
                <Button
                  component={Link}
                  to={`/detail/${encodeURIComponent(camera.camera_code)}/entry-detection/create`}
                  leftSection={<IconPlus size={16} aria-hidden />}
                >
                  {t('entryDetection.add')}
                </Button>
              ) : (
                <Button
                  disabled
                  leftSection={<IconPlus size={16} aria-hidden />}
                  aria-describedby="add-area-link-reason"
                >
                  {t('entryDetection.add')}
                </Button>
              )}
            </Group>
            {addBlockedReason !== null && (
              <Text size="sm" c="dimmed" mb="sm" ta="right" id="add-area-link-reason">
                {addBlockedReason}
              </Text>
            )}
            {links.length === 0 ? (
              <Box data-testid="area-links-empty">
                <Text>{t('entryDetection.empty')}</Text>
                {canEdit && (
                  <Text size="sm" c="dimmed">
                    {t('entryDetection.emptyHint')}
                  </Text>
                )}
              </Box>
            ) : (
              <AreaLinkTable links={links} canEdit={canEdit} onDelete={setDeleting} />
            )}
          </Box>
        </Grid.Col>
      </Grid>
      {deleting && (
        <DeleteAreaLinkDialog
          cameraCode={camera.camera_code}
          link={deleting}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}

// The camera information dialog (core.md §2, advanced.md §2): the rows of camera-info-rows.ts for the camera
// of GET api/cameras/{code}, its health (issue 22, a chunk of its own); for admins also its recording settings
// (issue 20, a chunk of its own).
import { Center, Loader, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useMe } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { CameraDetail } from '@camwatch/contract/cameras';
import { AppDialog } from '../../../components/ui/AppDialog.tsx';
import { QueryErrorState } from '../../../components/ui/QueryErrorState.tsx';
import { cameraDetailQueryOptions } from '../../../lib/api/camera-detail.ts';
import { cameraInfoRows } from '../camera-info-rows.ts';
import { MotionNotificationSwitch } from './MotionNotificationSwitch.tsx';

const VideoSettingsSection = lazy(() => import('./VideoSettingsSection.tsx'));
const CameraHealthSection = lazy(() => import('../health/components/CameraHealthSection.tsx'));

function InfoTable({ camera }: { camera: CameraDetail }) {
  const { t } = useTranslation();
  const rows = cameraInfoRows(camera);
  return (
    <Table aria-label={t('cameras.infoDialog.title')} variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w={{ base: 110, sm: 160 }}>
              {label}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {Array.isArray(value) ? value.map((line) => <div key={line}>{line}</div>) : value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function CameraInfoDialog({ code, onClose }: { code: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isAdmin = useMe().permissions.admin;
  const camera = useQuery({ ...cameraDetailQueryOptions(code ?? ''), enabled: code !== null });
  return (
    <AppDialog
      opened={code !== null}
      onClose={onClose}
      title={t('cameras.infoDialog.title')}
      loading={camera.isFetching && !camera.data}
      size="lg"
    >
      {camera.data ? (
        <>
          <InfoTable camera={camera.data} />
          <MotionNotificationSwitch code={camera.data.camera_code} />
          <Suspense fallback={null}>
            <CameraHealthSection code={camera.data.camera_code} />
          </Suspense>
          {isAdmin && (
            <Suspense fallback={null}>
              <VideoSettingsSection code={camera.data.camera_code} />
            </Suspense>
          )}
        </>
      ) : camera.isError ? (
        <QueryErrorState
          message={t('cameras.infoDialog.loadFailed')}
          error={camera.error}
          onRetry={camera.refetch}
          isRetrying={camera.isFetching}
        />
      ) : (
        <Center py="lg">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
    </AppDialog>
  );
}

// detail/{code}/people-counter (advanced.md §2): one camera's people counts, the button of its people counter
// setting dialog, and a link to its site's sum when the site is known. Needs the analytics right (core.md §6).
import { Anchor, Box, Group } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { CameraPageHeader } from '../../../components/ui/CameraPageHeader.tsx';
import { useCameraDetailQuery } from '../../../lib/api/camera-detail.ts';
import { useMe } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useCounterSites } from '../api/get-counter-sites.ts';
import { loadPeopleCounterPage } from '../api/load-page.ts';
import { PeopleCounterNoPermission } from './PeopleCounterNoPermission.tsx';
import { PeopleCounterReport } from './PeopleCounterReport.tsx';
import { PeopleCounterSettingButton } from './PeopleCounterSettingButton.tsx';
import '../people-counter-page-texts.ts';

/** The route loader's work, shipped with the screen (routes.tsx). */
export const loadPage = loadPeopleCounterPage;

export default function PeopleCounterPageCamera() {
  const me = useMe();
  if (!me.permissions.analytics) return <PeopleCounterNoPermission />;
  return <CameraCounter />;
}

function CameraCounter() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const camera = useCameraDetailQuery(code);
  const sites = useCounterSites(true);
  const site = sites.data?.find((s) => s.cameras.some((c) => c.camera_code === camera.camera_code));
  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <CameraPageHeader
        camera={camera}
        trail={[{ label: t('pages.people_counter') }]}
        title={t('peopleCounterPage.cameraTitle', { name: camera.camera_name })}
      />
      <Group gap="md" mb="md" mt={-8} justify="space-between">
        <PeopleCounterSettingButton cameraCode={camera.camera_code} />
        {site && (
          <Anchor
            component={Link}
            to={`/location/${encodeURIComponent(site.location_code)}/people-counter`}
            size="sm"
          >
            {t('peopleCounterPage.siteLink', { name: site.location_name })}
          </Anchor>
        )}
      </Group>
      <PeopleCounterReport key={camera.camera_code} target={{ kind: 'camera', code: camera.camera_code }} />
    </Box>
  );
}

// location/{code}/people-counter (advanced.md §2): the people counts of a site, summed over its people-counter
// cameras (each linked to its own screen). Needs the analytics right (core.md §6).
import { Anchor, Box, Group, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { useMe } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useCounterLocation } from '../api/get-counter-location.ts';
import { loadPeopleCounterPage } from '../api/load-page.ts';
import { PeopleCounterNoPermission } from './PeopleCounterNoPermission.tsx';
import { PeopleCounterReport } from './PeopleCounterReport.tsx';
import '../people-counter-page-texts.ts';

/** The route loader's work, shipped with the screen (routes.tsx). */
export const loadPage = loadPeopleCounterPage;

export default function PeopleCounterPageLocation() {
  const me = useMe();
  if (!me.permissions.analytics) return <PeopleCounterNoPermission />;
  return <LocationCounter />;
}

function LocationCounter() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const location = useCounterLocation(code);
  const cameras = location.cameras.filter((camera) => camera.use_people_counter);
  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <PageTitle>{t('peopleCounterPage.locationTitle', { name: location.location_name })}</PageTitle>
      <Group gap="xs" mb="md" mt={-8} wrap="wrap" data-testid="people-site-cameras">
        <Text size="sm">
          {cameras.length === 0
            ? t('peopleCounterPage.siteNoCameras')
            : t('peopleCounterPage.siteSum', { count: cameras.length })}
        </Text>
        {cameras.map((camera) => (
          <Anchor
            key={camera.camera_code}
            component={Link}
            to={`/detail/${encodeURIComponent(camera.camera_code)}/people-counter`}
            size="sm"
          >
            {camera.camera_name}
          </Anchor>
        ))}
      </Group>
      <PeopleCounterReport key={code} target={{ kind: 'location', code }} />
    </Box>
  );
}

// What staff exclusion can and cannot do, said plainly on the screen: staff are recognised by matching the look
// of their clothes' colours across days, so look-alike regulars may count as staff and staff in changing uniforms
// as customers.
import { Alert, List, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import '../people-counter-page-texts.ts';

export function StaffExclusionHelp() {
  const { t } = useTranslation();
  return (
    <Alert
      variant="light"
      color="gray"
      icon={<IconInfoCircle aria-hidden />}
      title={t('peopleCounterPage.help.title')}
      data-testid="staff-help"
    >
      <Text size="sm" mb={4}>
        {t('peopleCounterPage.help.how')}
      </Text>
      <List size="sm" spacing={2}>
        <List.Item>{t('peopleCounterPage.help.sameClothes')}</List.Item>
        <List.Item>{t('peopleCounterPage.help.uniforms')}</List.Item>
      </List>
      <Text size="sm" mt={4}>
        {t('peopleCounterPage.help.estimate')}
      </Text>
    </Alert>
  );
}

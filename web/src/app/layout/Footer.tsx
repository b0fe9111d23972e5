// Footer (advanced.md §2): partner link (partner flag), administration link (admin flag and an address),
// about, contact, the feedback button, copyright, version; and the clock.
import { Anchor, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import { APP_VERSION } from '@camwatch/contract/constants';
import type { UserInfo } from '@camwatch/contract/auth';
import { useEnvSettings } from '../../lib/env-settings.tsx';
import { Clock } from './Clock.tsx';

/** `feedback` is the feedback feature's button (features are placed by the layout, not imported here). */
export function Footer({ user, feedback }: { user: UserInfo; feedback?: ReactNode }) {
  const { t } = useTranslation();
  const settings = useEnvSettings();
  return (
    <Group justify="space-between" px="md" py={6} gap="xs" wrap="wrap" h="100%">
      <Group gap="md" component="nav" aria-label={t('footer.about')}>
        {user.permissions.partner && settings.partnerSiteUrl && (
          <Anchor href={settings.partnerSiteUrl} target="_blank" rel="noopener" size="sm">
            {t('footer.partner')}
          </Anchor>
        )}
        {user.permissions.admin && settings.adminSystemUrl && (
          <Anchor href={settings.adminSystemUrl} target="_blank" rel="noopener" size="sm">
            {t('footer.admin')}
          </Anchor>
        )}
        <Anchor component={Link} to="/help#about" size="sm">
          {t('footer.about')}
        </Anchor>
        <Anchor href={settings.contactUrl} size="sm">
          {t('footer.contact')}
        </Anchor>
        {feedback}
      </Group>
      <Group gap="md">
        <Clock />
        <Text size="sm" c="dimmed">
          {t('footer.copyright')} · {t('footer.version', { version: APP_VERSION })}
        </Text>
      </Group>
    </Group>
  );
}

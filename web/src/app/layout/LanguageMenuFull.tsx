// Language menu in the header: changing the language stores it and reloads (core.md §4). Loaded on first use by
// LanguageMenu.tsx (issue 19).
import { ActionIcon, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { changeLanguage, languages, useTranslation } from '../../lib/i18n.ts';
import { HintTooltip } from '../../components/ui/HintTooltip.tsx';
import type { FullMenuProps } from './UserMenuFull.tsx';

export function LanguageMenuFull({ triggerRef }: FullMenuProps) {
  const { t, i18n } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <HintTooltip label={t('header.languageMenu')}>
          <ActionIcon ref={triggerRef} variant="subtle" size="lg" aria-label={t('header.languageMenu')}>
            <IconLanguage size={20} aria-hidden />
          </ActionIcon>
        </HintTooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {languages.map((lng) => (
          <Menu.Item
            key={lng}
            onClick={() => changeLanguage(lng)}
            aria-current={i18n.language === lng ? 'true' : undefined}
            fw={i18n.language === lng ? 700 : undefined}
          >
            {t(`common.languages.${lng}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

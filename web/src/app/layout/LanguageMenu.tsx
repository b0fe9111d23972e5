// Language menu in the header (core.md §4; the menu itself is LanguageMenuFull.tsx). Until its code has loaded on
// first use (issue 19, first-use.ts), the same button without the menu: pointing at or focusing it loads the
// menu, a click opens it. (Mantine's Menu gives its aria-haspopup to the tooltip around the button, not to the
// button, so the light button has none either.)
import { ActionIcon } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { firstUseCode, useFirstUse } from '../../components/ui/first-use.ts';
import { HintTooltip } from '../../components/ui/HintTooltip.tsx';
import { useTranslation } from '../../lib/i18n.ts';

const menuCode = firstUseCode(() => import('./LanguageMenuFull.tsx'));

/** Loads the menu code now (component tests open the menu at once). */
export const preloadLanguageMenu = menuCode.load;

export function LanguageMenu() {
  const { t } = useTranslation();
  const firstUse = useFirstUse(menuCode);
  const Full = firstUse.code?.LanguageMenuFull;
  if (Full) return <Full triggerRef={firstUse.ref} />;
  // Pointing at the button loads its tooltip only: the menu swapped in then would bring a tooltip of its own that
  // has not seen the pointer arrive, and the first hover would show none.
  const { onPointerEnter: _menuOnPointer, ...menuProps } = firstUse.lightProps;
  return (
    <HintTooltip label={t('header.languageMenu')}>
      <ActionIcon
        ref={firstUse.ref}
        {...menuProps}
        variant="subtle"
        size="lg"
        aria-label={t('header.languageMenu')}
      >
        <IconLanguage size={20} aria-hidden />
      </ActionIcon>
    </HintTooltip>
  );
}

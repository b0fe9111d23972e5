// The language select of the login and setting screens: choosing stores the language and reloads (core.md §4).
import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { changeLanguage, languages, useTranslation, type Language } from '../../lib/i18n.ts';

export function LanguageSelect(props: Pick<NativeSelectProps, 'w' | 'size'>) {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('common.language')}
      data={languages.map((lng) => ({ value: lng, label: t(`common.languages.${lng}`) }))}
      value={i18n.language}
      onChange={(event) => changeLanguage(event.currentTarget.value as Language)}
      {...props}
    />
  );
}

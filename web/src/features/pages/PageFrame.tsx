// The frame of a screen whose content lands with a later piece of work: its title, nothing else.
import { Box } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { useMatches } from 'react-router';
import { PageTitle } from '../../components/ui/PageTitle.tsx';

export default function PageFrame() {
  const { t } = useTranslation();
  const matches = useMatches();
  const page = (matches.at(-1)?.handle as { page?: string } | undefined)?.page ?? 'notfound';
  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <PageTitle>{t(`pages.${page}`)}</PageTitle>
    </Box>
  );
}

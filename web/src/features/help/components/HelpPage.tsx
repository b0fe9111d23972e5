// help (core.md §2: public): how to use the service and what each right means, in the chosen language, with a
// table of contents and an anchor per section (#contact and #about are linked from the footer). The text is
// loaded with the page (help-content.ts).
import {
  Anchor,
  Box,
  Center,
  Container,
  Group,
  List,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { permissionFlags, accountFlags } from '@camwatch/contract/permissions';
import { LanguageSelect } from '../../../components/ui/LanguageSelect.tsx';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { readState } from '../../../lib/browser-state.ts';
import { useEnvSettings } from '../../../lib/env-settings.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { loadHelpContent, type HelpContent, type HelpSection } from '../help-content.ts';

function SectionView({ section, children }: { section: HelpSection; children?: ReactNode }) {
  return (
    <Box
      component="section"
      aria-labelledby={`help-${section.id}`}
      id={section.id}
      mb="xl"
      style={{ scrollMarginTop: 16 }}
    >
      <Title order={2} size="h3" id={`help-${section.id}`} mb="sm">
        {section.title}
      </Title>
      <Stack gap="xs">
        {section.paragraphs.map((text) => (
          <Text key={text}>{text}</Text>
        ))}
        {section.steps && (
          <List type="ordered" spacing={4}>
            {section.steps.map((text) => (
              <List.Item key={text}>{text}</List.Item>
            ))}
          </List>
        )}
        {section.items && (
          <List spacing={4}>
            {section.items.map((text) => (
              <List.Item key={text}>{text}</List.Item>
            ))}
          </List>
        )}
        {children}
      </Stack>
    </Box>
  );
}

function RightsView({ rights }: { rights: HelpContent['rights'] }) {
  return (
    <Box
      component="section"
      aria-labelledby={`help-${rights.sectionId}`}
      id={rights.sectionId}
      mb="xl"
      style={{ scrollMarginTop: 16 }}
    >
      <Title order={2} size="h3" id={`help-${rights.sectionId}`} mb="sm">
        {rights.title}
      </Title>
      <Text mb="sm">{rights.intro}</Text>
      <Table withTableBorder striped aria-labelledby={`help-${rights.sectionId}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={220}>
              {rights.nameHeader}
            </Table.Th>
            <Table.Th scope="col">{rights.meaningHeader}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...permissionFlags, ...accountFlags].map((flag) => (
            <Table.Tr key={flag}>
              <Table.Th scope="row">
                <code>{flag}</code>
              </Table.Th>
              <Table.Td>{rights.meanings[flag]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/** The sections in page order: the rights table goes before "about" and "contact". */
function orderedSections(content: HelpContent): (HelpSection | 'rights')[] {
  const aboutAt = content.sections.findIndex((s) => s.id === 'about');
  const at = aboutAt === -1 ? content.sections.length : aboutAt;
  return [...content.sections.slice(0, at), 'rights', ...content.sections.slice(at)];
}

export default function HelpPage() {
  const { t, i18n } = useTranslation();
  const { contactUrl } = useEnvSettings();
  const { hash } = useLocation();
  const content = useQuery({
    queryKey: ['help', i18n.language] as const,
    queryFn: () => loadHelpContent(i18n.language),
    staleTime: Infinity,
  });

  // The text arrives after the first render, so the browser's own jump to #section has nothing to jump to.
  useEffect(() => {
    if (!content.data || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [content.data, hash]);

  // The contact section names the service's own contact address when one is configured (CONTACT_URL).
  const ownContact = !contactUrl.startsWith('/help');
  return (
    <Container size="md" py="md" component="main">
      <Group justify="space-between" mb="sm">
        <Anchor component={Link} to={readState('loggedIn') ? '/list/1' : '/login'}>
          {content.data?.backToApp ?? t('common.appName')}
        </Anchor>
        <LanguageSelect w={140} size="xs" />
      </Group>
      <PageTitle>{t('pages.help')}</PageTitle>
      {!content.data ? (
        <Center py="lg">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : (
        <>
          <Text mb="md">{content.data.intro}</Text>
          <Box component="nav" aria-labelledby="help-toc" mb="xl">
            <Title order={2} size="h4" id="help-toc" mb="xs">
              {content.data.tocLabel}
            </Title>
            <List type="ordered" spacing={2}>
              {orderedSections(content.data).map((section) =>
                section === 'rights' ? (
                  <List.Item key="rights">
                    <Anchor href={`#${content.data.rights.sectionId}`}>{content.data.rights.title}</Anchor>
                  </List.Item>
                ) : (
                  <List.Item key={section.id}>
                    <Anchor href={`#${section.id}`}>{section.title}</Anchor>
                  </List.Item>
                ),
              )}
            </List>
          </Box>
          {orderedSections(content.data).map((section) =>
            section === 'rights' ? (
              <RightsView key="rights" rights={content.data.rights} />
            ) : (
              <SectionView key={section.id} section={section}>
                {section.id === 'contact' && ownContact && (
                  <Anchor href={contactUrl}>{content.data.contactLink}</Anchor>
                )}
              </SectionView>
            ),
          )}
        </>
      )}
    </Container>
  );
}

// debug (core.md §2, §6: only with the debug right): the service's environment (version, database and blob
// store kinds, settings, job queue), the customer's mail in the outbox and the client errors its users'
// browsers reported. Without the right the page says so and asks the server nothing (it would answer 403).
import '../debug-texts.ts';
import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Code,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ClientError, DebugEnvironment, OutboxMail } from '@camwatch/contract/debug';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { QueryErrorState } from '../../../components/ui/QueryErrorState.tsx';
import { useMe } from '../../../lib/current-user.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  debugQueryKey,
  useDebugClientErrors,
  useDebugEnvironment,
  useDebugMailOutbox,
} from '../api/debug-data.ts';

const when = (iso: string) => formatDateTime(new Date(iso));

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} mb="xl">
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Box>
  );
}

/** A query's loading and error states around its content. */
function Loaded<T>({
  query,
  children,
}: {
  query: { data?: T; isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError)
    return (
      <QueryErrorState
        message={t('debugPage.loadFailed')}
        error={query.error}
        onRetry={query.refetch}
        isRetrying={query.isFetching}
      />
    );
  return (
    <Center py="md">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

function EnvironmentView({ env }: { env: DebugEnvironment }) {
  const { t } = useTranslation();
  const facts: [string, string][] = [
    [t('debugPage.version'), env.version],
    [t('debugPage.nodeVersion'), env.nodeVersion],
    [t('debugPage.startedAt'), when(env.startedAt)],
    [t('debugPage.database'), t(`debugPage.databaseKinds.${env.database}`)],
    [t('debugPage.blobStore'), t(`debugPage.blobStoreKinds.${env.blobStore}`)],
  ];
  return (
    <Stack gap="md">
      <Table
        variant="vertical"
        withTableBorder
        aria-label={t('debugPage.environment')}
        data-testid="debug-facts"
      >
        <Table.Tbody>
          {facts.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w={200}>
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={3} size="h5">
        {t('debugPage.jobs')}
      </Title>
      {env.jobs.length === 0 ? (
        <Text c="dimmed">{t('debugPage.noJobs')}</Text>
      ) : (
        <Table withTableBorder aria-label={t('debugPage.jobs')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('debugPage.jobKind')}</Table.Th>
              <Table.Th scope="col">{t('debugPage.jobQueued')}</Table.Th>
              <Table.Th scope="col">{t('debugPage.jobRunning')}</Table.Th>
              <Table.Th scope="col">{t('debugPage.jobFailed')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {env.jobs.map((job) => (
              <Table.Tr key={job.kind}>
                <Table.Td>{job.kind}</Table.Td>
                <Table.Td>{job.queued}</Table.Td>
                <Table.Td>{job.running}</Table.Td>
                <Table.Td>{job.failed}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={3} size="h5">
        {t('debugPage.settings')}
      </Title>
      <Table withTableBorder striped aria-label={t('debugPage.settings')}>
        <Table.Tbody>
          {env.settings.map((s) => (
            <Table.Tr key={s.name}>
              <Table.Th scope="row" w={320}>
                <Code>{s.name}</Code>
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** A list of records (mails, errors), each in its own box; `empty` when there is none. */
function RecordList<T extends { id: number | string }>({
  items,
  label,
  empty,
  testId,
  children,
}: {
  items: T[];
  label: string;
  empty: string;
  testId: string;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack component="ul" gap="sm" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => (
        <Box
          component="li"
          key={item.id}
          p="sm"
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
          data-testid={testId}
        >
          {children(item)}
        </Box>
      ))}
    </Stack>
  );
}

/** Text shown whole in a collapsed section (a mail's body, an error's stack). */
function Collapsed({ summary, text }: { summary: string; text: string }) {
  return (
    <details>
      <summary>{summary}</summary>
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Code>
    </details>
  );
}

function MailView({ mails }: { mails: OutboxMail[] }) {
  const { t } = useTranslation();
  return (
    <RecordList
      items={mails}
      label={t('debugPage.outbox')}
      empty={t('debugPage.noMail')}
      testId="outbox-mail"
    >
      {(mail) => (
        <>
          <Group gap="xs" mb={4}>
            <Badge
              color={mail.status === 'failed' ? 'red' : mail.status === 'sent' ? 'green' : 'gray'}
              variant="light"
            >
              {t(`debugPage.mailStatus.${mail.status}`)}
            </Badge>
            <Text size="sm" c="dimmed" component="time" dateTime={mail.createdAt}>
              {when(mail.createdAt)}
            </Text>
          </Group>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {mail.subject}
          </Text>
          <Text size="sm">{t('debugPage.mailTo', { recipient: mail.recipient })}</Text>
          {mail.error && (
            <Text size="sm" c="red">
              {mail.error}
            </Text>
          )}
          {mail.body === null ? (
            <Text size="sm" c="dimmed">
              {t('debugPage.mailBodyHidden')}
            </Text>
          ) : (
            <Collapsed summary={t('debugPage.mailBody')} text={mail.body} />
          )}
        </>
      )}
    </RecordList>
  );
}

function ClientErrorsView({ errors }: { errors: ClientError[] }) {
  const { t } = useTranslation();
  return (
    <RecordList
      items={errors}
      label={t('debugPage.clientErrors')}
      empty={t('debugPage.noClientErrors')}
      testId="client-error"
    >
      {(error) => (
        <>
          <Group gap="xs" mb={4}>
            <Text size="sm" c="dimmed" component="time" dateTime={error.createdAt}>
              {when(error.createdAt)}
            </Text>
            {error.userEmail && <Text size="sm">{error.userEmail}</Text>}
          </Group>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {error.message}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('debugPage.errorPage', { page: error.page || '-' })}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {error.userAgent}
          </Text>
          {error.stack && <Collapsed summary={t('debugPage.stack')} text={error.stack} />}
        </>
      )}
    </RecordList>
  );
}

export default function DebugPage() {
  const { t } = useTranslation();
  const me = useMe();
  const allowed = me.permissions.debug;
  const client = useQueryClient();
  const environment = useDebugEnvironment(allowed);
  const outbox = useDebugMailOutbox(allowed);
  const clientErrors = useDebugClientErrors(allowed);
  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <PageTitle>{t('pages.debug')}</PageTitle>
      {!allowed ? (
        <Alert color="red" variant="light" role="alert">
          {t('messages.noPermission')}
        </Alert>
      ) : (
        <>
          <Group mb="md">
            <Button
              variant="light"
              onClick={() => void client.invalidateQueries({ queryKey: debugQueryKey })}
            >
              {t('debugPage.refresh')}
            </Button>
          </Group>
          <Section id="debug-environment" title={t('debugPage.environment')}>
            <Loaded query={environment}>{(env) => <EnvironmentView env={env} />}</Loaded>
          </Section>
          <Section id="debug-outbox" title={t('debugPage.outbox')}>
            <Loaded query={outbox}>{(mails) => <MailView mails={mails} />}</Loaded>
          </Section>
          <Section id="debug-client-errors" title={t('debugPage.clientErrors')}>
            <Loaded query={clientErrors}>{(errors) => <ClientErrorsView errors={errors} />}</Loaded>
          </Section>
        </>
      )}
    </Box>
  );
}

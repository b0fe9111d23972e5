// The share dialog (issue 22): a range of whole minutes (at most an hour; first the chosen minute with two minutes
// either side), how long the link opens (1 hour to 7 days) and, with the batch download right, whether it offers
// the range as one file. On OK the link is made and shown once, with a copy button: the server keeps only a hash
// of its token. Loaded on first use, so the detail page does not carry it.
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  CopyButton,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  SHARE_LINK_EXPIRY_CHOICES,
  SHARE_LINK_MAX_MINUTES,
  defaultShareRange,
  shareRangeError,
} from '@camwatch/contract/share-link-rules';
import { DateRangeDialog } from '../../../components/ui/DateRangeDialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  browserTimeZone,
  dateTimeInputValue,
  parseDateTimeInput,
  toOffsetIso,
} from '../../../lib/local-time.ts';
import { anyFieldReasonText } from '../../../lib/server-reason.ts';
import { createShareLink } from '../api/create-share-link.ts';
import '../share-link-dialog-texts.ts';

interface Props {
  cameraCode: string;
  /** The minute the player shows; null on live (the minutes just before now). */
  minuteMs: number | null;
  canAllowDownload: boolean;
  onClose: () => void;
}

const DEFAULT_EXPIRY_HOURS = 24;

/** The refusal's text: a range without recordings and a refused download say so plainly. */
function refusalText(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError && error.status === 400) {
    if (error.fieldMessage('start_datetime')) return t('shareDialog.noRecordings');
    if (error.fieldMessage('allow_download')) return t('shareDialog.downloadRefused');
    return anyFieldReasonText(error) ?? t('shareDialog.failed');
  }
  return t('shareDialog.failed');
}

export default function ShareLinkDialog({ cameraCode, minuteMs, canAllowDownload, onClose }: Props) {
  const { t } = useTranslation();
  const [range, setRange] = useState(() => {
    const { startMs, endMs } = defaultShareRange(minuteMs, Date.now());
    return { start: dateTimeInputValue(startMs), end: dateTimeInputValue(endMs) };
  });
  const [expiryHours, setExpiryHours] = useState(DEFAULT_EXPIRY_HOURS);
  const [allowDownload, setAllowDownload] = useState(false);
  const [isSending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [created, setCreated] = useState<{ url: string; expiresAt: string } | null>(null);

  const startMs = parseDateTimeInput(range.start);
  const endMs = parseDateTimeInput(range.end);
  const rangeError = shareRangeError(startMs, endMs, Date.now());
  const maxValue = dateTimeInputValue(Date.now() + 60_000);

  const submit = async () => {
    if (rangeError) return;
    setSending(true);
    setRefusal(null);
    try {
      const zone = browserTimeZone();
      const answer = await createShareLink(cameraCode, {
        start_datetime: toOffsetIso(startMs),
        end_datetime: toOffsetIso(endMs),
        expires_in_hours: expiryHours,
        allow_download: allowDownload,
        ...(zone ? { time_zone: zone } : {}),
      });
      setCreated({
        url: `${window.location.origin}${answer.url}`,
        expiresAt: answer.share_link.expires_at,
      });
    } catch (error) {
      setRefusal(refusalText(error, t));
    } finally {
      setSending(false);
    }
  };

  const expiryLabel = (hours: number) =>
    hours < 24
      ? t('shareDialog.expiryHours', { count: hours })
      : t('shareDialog.expiryDays', { count: hours / 24 });

  const result = created ? (
    <Stack gap="sm" data-testid="share-link-created">
      <Alert color="green" variant="light" role="status">
        {t('shareDialog.created')}
      </Alert>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t('shareDialog.link')}
          value={created.url}
          readOnly
          style={{ flex: 1 }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={created.url}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'filled' : 'light'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={copy}
            >
              {copied ? t('shareDialog.copied') : t('shareDialog.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" c="dimmed">
        {t('shareDialog.expiresAt', { time: formatDateTime(new Date(created.expiresAt)) })}
      </Text>
      <Group justify="space-between">
        <Anchor component={Link} to="/share-links" size="sm">
          {t('shareDialog.list')}
        </Anchor>
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
      </Group>
    </Stack>
  ) : undefined;

  return (
    <DateRangeDialog
      onClose={onClose}
      title={t('shareDialog.title')}
      isBusy={isSending}
      header={
        created ? undefined : (
          <Text size="sm" c="dimmed">
            {t('shareDialog.intro')}
          </Text>
        )
      }
      fields={[
        {
          type: 'datetime-local',
          label: t('shareDialog.start'),
          value: range.start,
          max: maxValue,
          onChange: (start) => setRange({ ...range, start }),
        },
        {
          type: 'datetime-local',
          label: t('shareDialog.end'),
          value: range.end,
          max: maxValue,
          onChange: (end) => setRange({ ...range, end }),
          error: rangeError
            ? t(`shareDialog.errors.${rangeError}`, { minutes: SHARE_LINK_MAX_MINUTES })
            : null,
          description: t('shareDialog.hint', { minutes: SHARE_LINK_MAX_MINUTES }),
        },
      ]}
      extraFields={
        <>
          <NativeSelect
            label={t('shareDialog.expiry')}
            data={SHARE_LINK_EXPIRY_CHOICES.map((hours) => ({
              value: String(hours),
              label: expiryLabel(hours),
            }))}
            value={String(expiryHours)}
            onChange={(event) => setExpiryHours(Number(event.currentTarget.value))}
            disabled={isSending}
          />
          {canAllowDownload && (
            <Checkbox
              label={t('shareDialog.allowDownload')}
              description={t('shareDialog.allowDownloadHint')}
              checked={allowDownload}
              disabled={isSending}
              onChange={(event) => setAllowDownload(event.currentTarget.checked)}
            />
          )}
        </>
      }
      refusal={refusal}
      submitLabel={t('shareDialog.create')}
      submitIcon={<IconShare size={16} aria-hidden />}
      isSubmitDisabled={rangeError !== null}
      onSubmit={() => void submit()}
      result={result}
    />
  );
}

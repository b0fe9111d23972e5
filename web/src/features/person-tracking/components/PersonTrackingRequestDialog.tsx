// The person tracking request dialog (advanced.md §2 dialogs, §5 "at most 3 hours", §8 too many requests): the
// camera (fixed when opened from one), the period as start and end, checked as typed with the server's own rule;
// the camera's setting it will use can be opened from here (PersonTrackingSettingDialog). A refusal says why.
import '../person-tracking-texts.ts';
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { AnalysisJob } from '@camwatch/contract/analysis-jobs';
import { AppDialog } from '../../../components/ui/AppDialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { dateTimeInputValue, parseDateTimeInput, toOffsetIso } from '../../../lib/local-time.ts';
import { showToast } from '../../../lib/toast.ts';
import { useRequestAnalysis, useTrackingCameras } from '../api/person-tracking.ts';
import { analysisPeriodInputProblem, lastHour } from '../../../lib/analysis-job-rules.ts';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The camera, when the dialog is about one; otherwise it is chosen. */
  cameraCode: string | null;
  onRequested: (analysis: AnalysisJob) => void;
  onOpenSetting: (cameraCode: string) => void;
}

export function PersonTrackingRequestDialog(props: Props) {
  const { t } = useTranslation();
  // A dialog cannot be closed while its request is on its way (core.md §4).
  const [busy, setBusy] = useState(false);
  return (
    <AppDialog
      opened={props.opened}
      onClose={props.onClose}
      loading={busy}
      title={t('personTracking.request.title')}
    >
      {props.opened && <RequestForm {...props} onBusy={setBusy} />}
    </AppDialog>
  );
}

function RequestForm({
  cameraCode,
  onClose,
  onRequested,
  onOpenSetting,
  onBusy,
}: Props & { onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(cameraCode);
  const cameras = useTrackingCameras();
  const [initial] = useState(() => lastHour(Date.now()));
  const [start, setStart] = useState(dateTimeInputValue(initial.start));
  const [end, setEnd] = useState(dateTimeInputValue(initial.end));
  const [refusal, setRefusal] = useState<string | null>(null);
  const request = useRequestAnalysis(chosen ?? '');
  const problem = analysisPeriodInputProblem(start, end, Date.now());

  useEffect(() => {
    onBusy(request.isPending);
    return () => onBusy(false);
  }, [request.isPending, onBusy]);

  const submit = async () => {
    if (!chosen || problem) return;
    setRefusal(null);
    try {
      const analysis = await request.mutateAsync({
        start: toOffsetIso(parseDateTimeInput(start)),
        end: toOffsetIso(parseDateTimeInput(end)),
      });
      showToast({ color: 'green', message: t('personTracking.request.requested') });
      onRequested(analysis);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.status === 429) setRefusal(t('personTracking.request.tooMany'));
      else if (error.status === 403) setRefusal(t('personTracking.request.noPermission'));
      else if (error.status < 500) setRefusal(t('personTracking.request.failed'));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('personTracking.request.note')}</Text>
        <Select
          label={t('personTracking.camera')}
          placeholder={t('personTracking.chooseCamera')}
          data={(cameras.data?.cameras ?? []).map((c) => ({ value: c.camera_code, label: c.camera_name }))}
          value={chosen}
          onChange={setChosen}
          disabled={cameraCode !== null || request.isPending}
          required
        />
        <Group grow align="flex-start">
          <TextInput
            type="datetime-local"
            label={t('personTracking.request.start')}
            value={start}
            onChange={(event) => setStart(event.currentTarget.value)}
            disabled={request.isPending}
            required
          />
          <TextInput
            type="datetime-local"
            label={t('personTracking.request.end')}
            value={end}
            onChange={(event) => setEnd(event.currentTarget.value)}
            disabled={request.isPending}
            error={problem ? t(`personTracking.request.problems.${problem}`) : undefined}
            required
          />
        </Group>
        {refusal && (
          <Alert color="red" role="alert" p="xs">
            {refusal}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="subtle" disabled={!chosen} onClick={() => chosen && onOpenSetting(chosen)}>
            {t('personTracking.request.settings')}
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose} disabled={request.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={request.isPending} disabled={!chosen || problem !== null}>
              {t('personTracking.request.submit')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

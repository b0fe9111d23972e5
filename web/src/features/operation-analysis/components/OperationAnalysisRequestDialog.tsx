// The operation analysis request dialog (advanced.md §2 dialogs "operation analysis request", §5 at most 3 hours,
// §8 too many requests; issue 15): the camera (fixed when opened from one, else chosen), the period as start and
// end checked as typed with the server's own rule, the camera's saved operation areas it will analyse (a link to
// the setting screen when it has none), and the four thresholds, prefilled with the camera's saved detection
// setting and changeable for this analysis only, each explained in plain words. A refusal says why.
import {
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { AnalysisJob } from '@camwatch/contract/analysis-jobs';
import {
  DETECTION_SETTING_RANGES,
  type DetectionSettingValues,
} from '@camwatch/contract/operation-analysis-rules';
import { AppDialog } from '../../../components/ui/AppDialog.tsx';
import { analysisPeriodInputProblem, lastHour } from '../../../lib/analysis-job-rules.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { dateTimeInputValue, parseDateTimeInput, toOffsetIso } from '../../../lib/local-time.ts';
import { showToast } from '../../../lib/toast.ts';
import { settingQueryOptions } from '../api/get-operation-analysis-setting.ts';
import { useOperationCameras, useRequestOperationAnalysis } from '../api/operation-analysis-results.ts';
import {
  DETECTION_FIELDS,
  detectionProblems,
  parseDetectionForm,
  type DetectionForm,
  type DetectionProblem,
} from '../operation-analysis-rules.ts';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The camera, when the dialog is about one; otherwise it is chosen. */
  cameraCode: string | null;
  onRequested: (analysis: AnalysisJob) => void;
}

export function OperationAnalysisRequestDialog(props: Props) {
  const { t } = useTranslation();
  // A dialog cannot be closed while its request is on its way (core.md §4).
  const [busy, setBusy] = useState(false);
  return (
    <AppDialog
      opened={props.opened}
      onClose={props.onClose}
      loading={busy}
      title={t('operationResults.request.title')}
      size="lg"
    >
      {props.opened && <RequestForm {...props} onBusy={setBusy} />}
    </AppDialog>
  );
}

function RequestForm({
  cameraCode,
  onClose,
  onRequested,
  onBusy,
}: Props & { onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(cameraCode);
  const cameras = useOperationCameras();
  const setting = useQuery({ ...settingQueryOptions(chosen ?? ''), enabled: chosen !== null });
  const [initial] = useState(() => lastHour(Date.now()));
  const [start, setStart] = useState(dateTimeInputValue(initial.start));
  const [end, setEnd] = useState(dateTimeInputValue(initial.end));
  // The thresholds as typed; null until the camera's saved ones have been read (then prefilled once).
  const [form, setForm] = useState<{ camera: string; values: DetectionForm } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const request = useRequestOperationAnalysis(chosen ?? '');
  useEffect(() => {
    onBusy(request.isPending);
    return () => onBusy(false);
  }, [request.isPending, onBusy]);
  const periodProblem = analysisPeriodInputProblem(start, end, Date.now());
  const saved = setting.data;
  if (chosen && saved && form?.camera !== chosen)
    setForm({ camera: chosen, values: { ...saved.detectionSetting } as DetectionForm });
  const values = form?.camera === chosen ? form.values : null;
  const problems = values ? detectionProblems(values) : null;
  const detection: DetectionSettingValues | null = values ? parseDetectionForm(values) : null;
  const areas = saved?.operationAreaList ?? [];
  const canSubmit = chosen !== null && periodProblem === null && detection !== null && areas.length > 0;

  const fieldMessage = (field: (typeof DETECTION_FIELDS)[number], problem: DetectionProblem | null) => {
    if (!problem) return undefined;
    const range = DETECTION_SETTING_RANGES[field];
    return t(`operationResults.request.fieldProblems.${problem}`, { min: range.min, max: range.max });
  };

  const submit = async () => {
    if (!canSubmit || !detection) return;
    setRefusal(null);
    try {
      const analysis = await request.mutateAsync({
        start: toOffsetIso(parseDateTimeInput(start)),
        end: toOffsetIso(parseDateTimeInput(end)),
        detectionSetting: detection,
      });
      showToast({ color: 'green', message: t('operationResults.request.requested') });
      onRequested(analysis);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.status === 429) setRefusal(t('operationResults.request.tooMany'));
      else if (error.status === 403) setRefusal(t('operationResults.request.noPermission'));
      else if (error.status < 500) setRefusal(t('operationResults.request.failed'));
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
        <Text size="sm">{t('operationResults.request.note')}</Text>
        <Select
          label={t('operationResults.camera')}
          placeholder={t('operationResults.chooseCamera')}
          data={(cameras.data?.cameras ?? []).map((c) => ({ value: c.camera_code, label: c.camera_name }))}
          value={chosen}
          onChange={setChosen}
          disabled={cameraCode !== null || request.isPending}
          required
        />
        {chosen && saved && areas.length > 0 && (
          <Text size="sm" data-testid="request-areas">
            {t('operationResults.request.areas', { names: areas.map((a) => a.operationAreaName).join('、') })}
          </Text>
        )}
        {chosen && saved && areas.length === 0 && (
          <Alert color="yellow" p="xs">
            {t('operationResults.request.noAreas')}{' '}
            <Anchor component={Link} to={`/detail/${encodeURIComponent(chosen)}/operation-analysis`}>
              {t('operationResults.request.openSetting')}
            </Anchor>
          </Alert>
        )}
        <Group grow align="flex-start">
          <TextInput
            type="datetime-local"
            label={t('operationResults.request.start')}
            value={start}
            onChange={(event) => setStart(event.currentTarget.value)}
            disabled={request.isPending}
            required
          />
          <TextInput
            type="datetime-local"
            label={t('operationResults.request.end')}
            value={end}
            onChange={(event) => setEnd(event.currentTarget.value)}
            disabled={request.isPending}
            error={periodProblem ? t(`operationResults.request.problems.${periodProblem}`) : undefined}
            required
          />
        </Group>
        {values && problems && (
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={600} size="sm" mb={4}>
              {t('operationResults.request.thresholds')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
              {DETECTION_FIELDS.map((field) => {
                const range = DETECTION_SETTING_RANGES[field];
                return (
                  <NumberInput
                    key={field}
                    label={t(`operationAnalysis.fields.${field}`)}
                    description={t(`operationResults.request.help.${field}`)}
                    value={values[field]}
                    onChange={(value) => setForm({ camera: chosen!, values: { ...values, [field]: value } })}
                    min={range.min}
                    max={range.max}
                    step={range.integer ? 1 : 0.05}
                    clampBehavior="none"
                    allowNegative={false}
                    allowDecimal={!range.integer}
                    disabled={request.isPending}
                    error={fieldMessage(field, problems[field])}
                    data-field={field}
                    required
                  />
                );
              })}
            </SimpleGrid>
          </fieldset>
        )}
        {refusal && (
          <Alert color="red" role="alert" p="xs">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={request.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={request.isPending} disabled={!canSubmit}>
            {t('operationResults.request.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

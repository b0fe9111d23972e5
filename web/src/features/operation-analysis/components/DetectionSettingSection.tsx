// Operation analysis detail settings (advanced.md §3): the person detection target area rate, the detection
// frame threshold, the person detection threshold and the keypoint (hand) detection threshold, each checked
// against the contract's range as typed, saved by PUT detection-setting. "Defaults" fills in the values a
// camera is analysed with until its setting is saved.
import { Alert, Box, Button, Group, NumberInput, SimpleGrid, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  DEFAULT_OPERATION_DETECTION_SETTING,
  DETECTION_SETTING_RANGES,
  type DetectionSettingField,
  type DetectionSettingValues,
} from '@camwatch/contract/operation-analysis-rules';
import { ApiError } from '../../../lib/api-client.ts';
import { translatedFieldErrors } from '../../../lib/server-reason.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toast.ts';
import { useUpdateDetectionSetting } from '../api/update-detection-setting.ts';
import {
  DETECTION_DECIMALS,
  DETECTION_FIELDS,
  detectionChanged,
  detectionFieldErrors,
  detectionProblems,
  parseDetectionForm,
  type DetectionForm,
  type DetectionProblem,
} from '../operation-analysis-rules.ts';

interface DetectionSettingSectionProps {
  cameraCode: string;
  saved: DetectionSettingValues;
  canEdit: boolean;
  onDirtyChange: (dirty: boolean) => void;
}

export function DetectionSettingSection({
  cameraCode,
  saved,
  canEdit,
  onDirtyChange,
}: DetectionSettingSectionProps) {
  const { t } = useTranslation();
  const update = useUpdateDetectionSetting(cameraCode);
  const [baseline, setBaseline] = useState<DetectionSettingValues>(saved);
  const [form, setForm] = useState<DetectionForm>(() => ({ ...saved }));
  const [serverErrors, setServerErrors] = useState<ReturnType<typeof detectionFieldErrors>>({});
  const [isForbidden, setIsForbidden] = useState(false);

  const problems = detectionProblems(form);
  const values = parseDetectionForm(form);
  const isDirty = detectionChanged(form, baseline);
  const isSaving = update.isPending;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const message = (field: DetectionSettingField, problem: DetectionProblem | null): string | undefined => {
    const range = DETECTION_SETTING_RANGES[field];
    switch (problem) {
      case 'required':
        return t('operationAnalysis.valueRequired');
      case 'not_number':
        return t('operationAnalysis.notNumber');
      case 'integer':
        return t('operationAnalysis.integer');
      case 'decimals':
        return t('messages.decimalPlaces', { n: DETECTION_DECIMALS });
      case 'range':
        return t('operationAnalysis.outOfRange', { min: range.min, max: range.max });
      default:
        return serverErrors[field];
    }
  };

  const change = (field: DetectionSettingField, value: number | string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setServerErrors({});
  };

  const save = async () => {
    if (!values || !canEdit) return;
    setServerErrors({});
    setIsForbidden(false);
    try {
      await update.mutateAsync(values);
      setBaseline(values);
      setForm({ ...values });
      showToast({ color: 'green', message: t('operationAnalysis.detectionSaved') });
    } catch (error) {
      if (!(error instanceof ApiError)) return; // no answer: the common error message is shown
      if (error.status === 400) setServerErrors(detectionFieldErrors(translatedFieldErrors(error)));
      else if (error.status === 403) setIsForbidden(true);
      else if (error.status < 500) showToast({ color: 'red', message: t('operationAnalysis.saveFailed') });
    }
  };

  return (
    <Box component="section" aria-labelledby="operation-detection-title">
      <Title order={2} size="h4" mb="sm" id="operation-detection-title">
        {t('operationAnalysis.detection')}
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        noValidate
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md" maw={760}>
          {DETECTION_FIELDS.map((field) => {
            const range = DETECTION_SETTING_RANGES[field];
            return (
              <NumberInput
                key={field}
                label={t(`operationAnalysis.fields.${field}`)}
                description={
                  range.integer
                    ? t('operationAnalysis.rangeInteger', { min: range.min, max: range.max })
                    : t('operationAnalysis.rangeFraction', {
                        min: range.min,
                        max: range.max,
                        n: DETECTION_DECIMALS,
                      })
                }
                value={form[field]}
                onChange={(value) => change(field, value)}
                min={range.min}
                max={range.max}
                step={range.integer ? 1 : 0.05}
                clampBehavior="none"
                allowNegative={false}
                allowDecimal={!range.integer}
                readOnly={!canEdit}
                disabled={isSaving}
                required={canEdit}
                error={message(field, problems[field])}
                data-field={field}
              />
            );
          })}
        </SimpleGrid>
        {serverErrors.form && (
          <Alert color="red" role="alert" p="xs" mt="sm" maw={760}>
            {serverErrors.form}
          </Alert>
        )}
        {isForbidden && (
          <Alert color="red" role="alert" p="xs" mt="sm" maw={760}>
            {t('messages.noPermission')}
          </Alert>
        )}
        {canEdit && (
          <Group gap="xs" mt="md">
            <Button type="submit" loading={isSaving} disabled={!isDirty || values === null}>
              {t('operationAnalysis.saveDetection')}
            </Button>
            <Button
              variant="default"
              disabled={isSaving}
              onClick={() => {
                setForm({ ...DEFAULT_OPERATION_DETECTION_SETTING });
                setServerErrors({});
              }}
            >
              {t('operationAnalysis.resetDefaults')}
            </Button>
            {isDirty && !isSaving && (
              <Text size="sm" c="orange.8" data-testid="detection-unsaved">
                {t('operationAnalysis.unsaved')}
              </Text>
            )}
          </Group>
        )}
      </form>
    </Box>
  );
}

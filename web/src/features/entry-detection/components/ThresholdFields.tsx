// The five thresholds of an area link (advanced.md §3), each in the unit a person thinks in, with its range
// and a plain explanation: the detection frame threshold in frames (and the time it makes at 5 frames a
// second), the minimum detection size in % of the picture's height, the person detection threshold in % of the
// detector's confidence, the running threshold in % of the machine area's pixels, the vigilant time in seconds. Checked as typed against the contract's ranges.
import { NumberInput, SimpleGrid, Text } from '@mantine/core';
import { ENTRY_ANALYSIS_FPS } from '@camwatch/contract/entry-detection-rules';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  displayRange,
  framesToSeconds,
  THRESHOLD_FIELDS,
  type AreaLinkThresholdField,
  type ThresholdForm,
  type ThresholdProblem,
} from '../entry-detection-rules.ts';

interface ThresholdFieldsProps {
  values: ThresholdForm;
  problems: Record<AreaLinkThresholdField, ThresholdProblem | null>;
  serverErrors: Partial<Record<AreaLinkThresholdField, string>>;
  hasMachineArea: boolean;
  readOnly: boolean;
  disabled: boolean;
  onChange: (field: AreaLinkThresholdField, value: number | string) => void;
}

export function ThresholdFields({
  values,
  problems,
  serverErrors,
  hasMachineArea,
  readOnly,
  disabled,
  onChange,
}: ThresholdFieldsProps) {
  const { t } = useTranslation();

  const message = (field: AreaLinkThresholdField): string | undefined => {
    const range = displayRange(field);
    switch (problems[field]) {
      case 'required':
        return t('entryDetection.valueRequired');
      case 'not_number':
        return t('entryDetection.notNumber');
      case 'integer':
        return t('entryDetection.integer');
      case 'decimals':
        return t('messages.decimalPlaces', { n: range.decimals });
      case 'range':
        return t('entryDetection.outOfRange', {
          min: range.min,
          max: range.max,
          unit: t(`entryDetection.units.${field}`),
        });
      default:
        return serverErrors[field];
    }
  };

  const frames = Number(values.detectionFrameThreshold);

  return (
    <SimpleGrid cols={1} spacing="md">
      {THRESHOLD_FIELDS.map((field) => {
        const range = displayRange(field);
        const unit = t(`entryDetection.units.${field}`);
        const help = t(`entryDetection.help.${field}`, {
          min: range.min,
          max: range.max,
          fps: ENTRY_ANALYSIS_FPS,
        });
        const extra =
          field === 'detectionFrameThreshold' && problems[field] === null
            ? t('entryDetection.framesInSeconds', { frames, seconds: framesToSeconds(frames) })
            : field === 'runningThreshold' && !hasMachineArea
              ? t('entryDetection.runningUnused')
              : null;
        return (
          <NumberInput
            key={field}
            label={t(`entryDetection.fields.${field}`)}
            description={
              <>
                {help}
                {extra && (
                  <Text component="span" display="block" size="xs" fw={600} c="dark.4" mt={2}>
                    {extra}
                  </Text>
                )}
              </>
            }
            value={values[field]}
            onChange={(value) => onChange(field, value)}
            min={range.min}
            max={range.max}
            step={range.decimals === 0 ? 1 : 0.5}
            clampBehavior="none"
            allowNegative={false}
            allowDecimal={range.decimals > 0}
            rightSection={
              <Text size="sm" c="dimmed" pr={4} aria-hidden>
                {unit}
              </Text>
            }
            rightSectionWidth={unit.length > 2 ? 64 : 36}
            rightSectionPointerEvents="none"
            hideControls
            readOnly={readOnly}
            disabled={disabled}
            required={!readOnly}
            error={message(field)}
            data-field={field}
            maw={360}
          />
        );
      })}
    </SimpleGrid>
  );
}

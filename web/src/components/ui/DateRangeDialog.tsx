// The one dialog that asks for a span of time (the archive download, the enter-alert CSV, the weather overlay):
// two date/time fields with their limits, the validation message under the field it belongs to, anything the
// caller adds (a type to choose, an allowance to show), the server's refusal, and Cancel / submit. It is a
// real form (Enter submits; no browser validation, the caller validates) inside AppDialog, so nothing can be
// closed or edited while the request runs. The caller owns the values, the rules and the request.
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { AppDialog } from './AppDialog.tsx';

export interface DateRangeField {
  type: 'date' | 'time' | 'datetime-local';
  label: string;
  value: string;
  /** The latest value the picker offers (today, now). */
  max?: string;
  onChange: (value: string) => void;
  error?: string | null;
  description?: string;
  /** The field that takes focus when the dialog opens (Mantine's data-autofocus). */
  autoFocus?: boolean;
}

export interface DateRangeDialogProps {
  opened?: boolean;
  onClose: () => void;
  title: string;
  size?: string | number;
  /** The request is running: the dialog cannot be closed and its fields and Cancel are disabled. */
  isBusy: boolean;
  /** The first and the last moment (or the date and the time) of the span. */
  fields: readonly [DateRangeField, DateRangeField];
  /** Shown above the form (and above `result` once the form is done). */
  header?: ReactNode;
  /** Further fields below the two (a type to choose). */
  extraFields?: ReactNode;
  /** Why the server refused the last request. */
  refusal?: string | null;
  submitLabel: string;
  submitIcon?: ReactNode;
  isSubmitDisabled?: boolean;
  onSubmit: () => void;
  /** Once given, replaces the form (a download's progress). */
  result?: ReactNode;
}

export function DateRangeDialog({
  opened = true,
  onClose,
  title,
  size,
  isBusy,
  fields,
  header,
  extraFields,
  refusal,
  submitLabel,
  submitIcon,
  isSubmitDisabled = false,
  onSubmit,
  result,
}: DateRangeDialogProps) {
  const { t } = useTranslation();
  const form = (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="sm">
        {fields.map((field) => (
          <TextInput
            key={field.label}
            type={field.type}
            label={field.label}
            value={field.value}
            max={field.max}
            required
            disabled={isBusy}
            onChange={(event) => field.onChange(event.currentTarget.value)}
            error={field.error ?? undefined}
            description={field.description}
            data-autofocus={field.autoFocus || undefined}
          />
        ))}
        {extraFields}
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isBusy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={isBusy} disabled={isSubmitDisabled} leftSection={submitIcon}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
  const body = result ?? form;
  return (
    <AppDialog opened={opened} onClose={onClose} title={title} loading={isBusy} size={size}>
      {header ? (
        <Stack gap="sm">
          {header}
          {body}
        </Stack>
      ) : (
        body
      )}
    </AppDialog>
  );
}

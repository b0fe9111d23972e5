// The weather dialog (core.md §2, §5, §8): date and time (required, no future), the warning type, and
// fetching the overlay. A 404 warns to choose another date; any other failure says communication failed,
// once (a repeated failure replaces the same message).
import { Select } from '@mantine/core';
import { useState } from 'react';
import { WEATHER_TYPES, type WeatherType } from '@camwatch/contract/map-rules';
import type { WeatherFeatureCollection } from '@camwatch/contract/weather';
import { DateRangeDialog } from '../../../components/ui/DateRangeDialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toast.ts';
import { getWeather } from '../api/get-weather.ts';
import { localDate, maxTimeFor, validateWeatherForm, type WeatherForm } from '../weather-rules.ts';
import '../map-texts.ts';

export interface WeatherDialogProps {
  opened: boolean;
  onClose: () => void;
  onLoaded: (overlay: WeatherFeatureCollection, asked: WeatherForm & { type: WeatherType }) => void;
}

export function WeatherDialog({ opened, onClose, onLoaded }: WeatherDialogProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<WeatherForm>({ date: '', time: '' });
  const [type, setType] = useState<WeatherType>('all');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const now = new Date();
  const errors = validateWeatherForm(form, now);
  const shown = touched ? errors : {};
  const message = (error: string | undefined) =>
    error === 'pleaseSelect'
      ? t('messages.pleaseSelect')
      : error === 'future'
        ? t('map.weather.noFuture')
        : null;

  const submit = async () => {
    setTouched(true);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      const overlay = await getWeather(form.date, form.time, type);
      onLoaded(overlay, { ...form, type });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        showToast({ id: 'weather', color: 'yellow', message: t('messages.selectDate') });
      else if (!(error instanceof ApiError && error.status === 401))
        showToast({ id: 'weather', color: 'red', message: t('messages.communicationFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <DateRangeDialog
      opened={opened}
      onClose={onClose}
      title={t('map.weather.title')}
      size="sm"
      isBusy={busy}
      fields={[
        {
          type: 'date',
          label: t('map.weather.date'),
          value: form.date,
          max: localDate(now),
          onChange: (date) => setForm({ ...form, date }),
          error: message(shown.date),
          autoFocus: true,
        },
        {
          type: 'time',
          label: t('map.weather.time'),
          value: form.time,
          max: maxTimeFor(form.date, now),
          onChange: (time) => setForm({ ...form, time }),
          error: message(shown.time),
        },
      ]}
      extraFields={
        <Select
          label={t('map.weather.type')}
          value={type}
          allowDeselect={false}
          data={WEATHER_TYPES.map((value) => ({ value, label: t(`map.weather.types.${value}`) }))}
          onChange={(value) => value && setType(value)}
          comboboxProps={{ withinPortal: true }}
        />
      }
      submitLabel={t('map.weather.show')}
      onSubmit={() => void submit()}
    />
  );
}

// The enter-alert CSV download (core.md §2 more-menu, §9 exports): whole days from a first to a last date, at
// most 31, none after today, starting as the day the timeline shows. The file comes as the server writes it
// (UTF-8 with byte-order mark, header row in the screen's language); a refusal says why in the dialog.
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { ENTER_ALERT_CSV_MAX_DAYS } from '@camwatch/contract/entry-detection-rules';
import { DateRangeDialog } from '../../../components/ui/DateRangeDialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useBrowserState } from '../../../lib/browser-state.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { saveBlob } from '../../../lib/save-file.ts';
import { anyFieldReasonText } from '../../../lib/server-reason.ts';
import { showToast } from '../../../lib/toast.ts';
import { fetchEnterAlertCsv } from '../api/enter-alert-csv.ts';
import { csvDayRange } from '../more-menu-rules.ts';
import { localDate, toOffsetIso } from '../../../lib/local-time.ts';

interface Props {
  cameraCode: string;
  /** A moment of the day the timeline shows: the dialog opens on that day. */
  dayMs: number;
  onClose: () => void;
}

export function EnterAlertCsvDialog({ cameraCode, dayMs, onClose }: Props) {
  const { t } = useTranslation();
  const [language] = useBrowserState('language');
  const [days, setDays] = useState(() => ({ from: localDate(dayMs), to: localDate(dayMs) }));
  const [isSending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const today = localDate(Date.now());
  const range = csvDayRange(days.from, days.to, Date.now());
  const rangeError = 'error' in range ? range.error : null;

  const submit = async () => {
    if ('error' in range) return;
    setSending(true);
    setRefusal(null);
    try {
      const { blob, fileName } = await fetchEnterAlertCsv(cameraCode, {
        start_datetime: toOffsetIso(range.startMs),
        end_datetime: toOffsetIso(range.endMs),
        lang: language === 'en' ? 'en' : 'ja',
      });
      saveBlob(blob, fileName);
      showToast({ color: 'green', message: t('player.enterAlertCsv.done') });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setRefusal(t('messages.noPermission'));
      else if (error instanceof ApiError && error.status === 400)
        setRefusal(anyFieldReasonText(error) ?? t('messages.downloadFailed'));
      else setRefusal(t('messages.downloadFailed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <DateRangeDialog
      onClose={onClose}
      title={t('player.enterAlertCsv.title')}
      isBusy={isSending}
      fields={[
        {
          type: 'date',
          label: t('player.enterAlertCsv.from'),
          value: days.from,
          max: today,
          onChange: (from) => setDays({ ...days, from }),
        },
        {
          type: 'date',
          label: t('player.enterAlertCsv.to'),
          value: days.to,
          max: today,
          onChange: (to) => setDays({ ...days, to }),
          error: rangeError
            ? t(`player.enterAlertCsv.errors.${rangeError}`, { days: ENTER_ALERT_CSV_MAX_DAYS })
            : null,
          description: t('player.enterAlertCsv.hint', { days: ENTER_ALERT_CSV_MAX_DAYS }),
        },
      ]}
      refusal={refusal}
      submitLabel={t('player.enterAlertCsv.download')}
      submitIcon={<IconFileSpreadsheet size={16} aria-hidden />}
      isSubmitDisabled={rangeError !== null}
      onSubmit={() => void submit()}
    />
  );
}

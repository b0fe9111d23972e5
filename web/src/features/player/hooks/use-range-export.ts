// A range picked on the continuous timeline (issue 22), checked against what was recorded before it is offered
// for download: the coverage of the range by the minute (a long range first coarsely, then by the minute within
// its recordings) decides whether the download dialog opens on the recorded part, with a note when it was
// trimmed or partly recorded, or a message says why not (nothing recorded there, and where the camera's
// recordings begin or end; longer than a download allows).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DOWNLOAD_MAX_HOURS } from '@camwatch/contract/constants';
import { coverageBucketFor } from '@camwatch/contract/coverage-rules';
import { useTranslation } from '../../../lib/i18n.ts';
import { localDateMinute } from '../../../lib/local-time.ts';
import { rangeCoverageQueryOptions } from '../api/get-coverage.ts';
import { normalizeRange, rangeVerdict, type TimeView } from '../continuous-timeline-rules.ts';

const HOUR_MS = 3_600_000;

export interface ExportRange extends TimeView {
  /** Said in the download dialog: how the range was trimmed or how much of it was recorded. */
  note: string | null;
}

export interface TimelineMessage {
  text: string;
  tone: 'info' | 'error';
}

export function useRangeExport(
  code: string,
  onExport: (range: ExportRange) => void,
  onMessage: (message: TimelineMessage | null) => void,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isChecking, setChecking] = useState(false);

  const ask = async (range: TimeView) => {
    const span = range.endMs - range.startMs;
    const bucket = span <= DOWNLOAD_MAX_HOURS * HOUR_MS ? 60 : coverageBucketFor(span, 1440);
    const answer = await queryClient.fetchQuery(
      rangeCoverageQueryOptions(code, range.startMs, range.endMs, bucket),
    );
    return { answer, verdict: rangeVerdict(range, answer) };
  };

  const exportRange = async (aMs: number, bMs: number) => {
    const range = normalizeRange(aMs, bMs, Date.now());
    setChecking(true);
    onMessage(null);
    try {
      const checked = await ask(range);
      let { verdict } = checked;
      // Coarse buckets trimmed a long range: ask again by the minute within what is left.
      if (verdict.kind === 'ok' && range.endMs - range.startMs > DOWNLOAD_MAX_HOURS * HOUR_MS) {
        const exact = (await ask(verdict.range)).verdict;
        verdict = exact.kind === 'ok' ? { ...exact, isTrimmed: true } : exact;
      }
      const when = (r: TimeView) => ({ from: localDateMinute(r.startMs), to: localDateMinute(r.endMs) });
      const { first_recorded: first, last_recorded: last } = checked.answer;
      if (verdict.kind === 'nothing') {
        const parts = [t('continuousTimeline.nothing', when(range))];
        if (verdict.beforeFirst)
          parts.push(
            first
              ? t('continuousTimeline.beforeFirst', { first: localDateMinute(Date.parse(first)) })
              : t('continuousTimeline.noRecordings'),
          );
        if (verdict.afterLast && last)
          parts.push(t('continuousTimeline.afterLast', { last: localDateMinute(Date.parse(last)) }));
        onMessage({ text: parts.join(' '), tone: 'info' });
      } else if (verdict.kind === 'tooLong') {
        onMessage({
          text: t('continuousTimeline.tooLong', { max: DOWNLOAD_MAX_HOURS, hours: verdict.hours }),
          tone: 'info',
        });
      } else {
        const notes = [
          verdict.isTrimmed ? t('continuousTimeline.trimmed', when(verdict.range)) : null,
          verdict.isPartial
            ? t('continuousTimeline.partialNote', { recorded: verdict.recordedMin, span: verdict.spanMin })
            : null,
        ].filter((note): note is string => note !== null);
        onExport({ ...verdict.range, note: notes.length > 0 ? notes.join(' ') : null });
      }
    } catch {
      onMessage({ text: t('continuousTimeline.checkFailed'), tone: 'error' });
    } finally {
      setChecking(false);
    }
  };

  return { isChecking, exportRange };
}

// An analysis job's state (advanced.md §4: running, completed, failed, request failed) and, while it runs, how far
// it got in the period's recordings.
import { Badge, Group, Progress, Text } from '@mantine/core';
import type { AnalysisJob } from '@camwatch/contract/analysis-jobs';
import { useTranslation } from '../../../lib/i18n.ts';
import { analysisProgress } from '../../../lib/analysis-job-rules.ts';

const colors = { running: 'blue', completed: 'green', failed: 'red', request_failed: 'orange' } as const;

export function AnalysisStateBadge({
  analysis,
  withProgress = false,
}: {
  analysis: AnalysisJob;
  withProgress?: boolean;
}) {
  const { t } = useTranslation();
  const share = analysisProgress(analysis);
  return (
    <Group gap="xs" wrap="nowrap">
      <Badge color={colors[analysis.state]} variant="light" data-testid="analysis-state">
        {t(`personTracking.states.${analysis.state}`)}
      </Badge>
      {withProgress && analysis.state === 'running' && (
        <>
          <Progress value={share * 100} w={120} aria-label={t('personTracking.progress')} animated />
          {analysis.clips_total > 0 && (
            <Text size="xs" c="dimmed">
              {t('personTracking.clips', { done: analysis.clips_done, total: analysis.clips_total })}
            </Text>
          )}
        </>
      )}
    </Group>
  );
}

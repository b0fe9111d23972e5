// A TLT analysis job's state (advanced.md §4: running, completed, failed, request failed) and, while it runs (when
// asked), how far it got in the period's recordings.
import './analysis-jobs-texts.ts';
import { Badge, Group, Progress, Text } from '@mantine/core';
import type { AnalysisJob } from '@camwatch/contract/analysis-jobs';
import { analysisProgress } from '../../lib/analysis-job-rules.ts';
import { useTranslation } from '../../lib/i18n.ts';

const colors = { running: 'blue', completed: 'green', failed: 'red', request_failed: 'orange' } as const;

export function AnalysisJobStateBadge({
  analysis,
  withProgress = false,
}: {
  analysis: AnalysisJob;
  withProgress?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Badge color={colors[analysis.state]} variant="light" data-testid="analysis-state">
        {t(`analysisJobs.states.${analysis.state}`)}
      </Badge>
      {withProgress && analysis.state === 'running' && (
        <>
          <Progress
            value={analysisProgress(analysis) * 100}
            w={120}
            aria-label={t('analysisJobs.progress')}
            animated
          />
          {analysis.clips_total > 0 && (
            <Text size="xs" c="dimmed">
              {t('analysisJobs.clips', { done: analysis.clips_done, total: analysis.clips_total })}
            </Text>
          )}
        </>
      )}
    </Group>
  );
}

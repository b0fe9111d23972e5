// The heat map screen's batch download button (advanced.md: archive and heat map batch download, batchDownload
// right): with the right it opens the dialog for the chosen cameras; without it, it is shown disabled with a
// tooltip saying so, as the player's archive download is (core.md §6 "You do not have permission").
import { Box, Button } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { HintTooltip } from '../../../components/ui/HintTooltip.tsx';
import { useMe } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { HeatmapView } from '../heatmap-rules.ts';
import { HeatmapDownloadDialog } from './HeatmapDownloadDialog.tsx';

export interface HeatmapDownloadButtonProps {
  view: HeatmapView;
  cameraNames: ReadonlyMap<string, string>;
  today: string;
  timeZone: string;
}

export function HeatmapDownloadButton({ view, cameraNames, today, timeZone }: HeatmapDownloadButtonProps) {
  const { t } = useTranslation();
  const canDownload = useMe().permissions.batchDownload;
  const [isOpen, setOpen] = useState(false);
  const icon = <IconFileZip size={16} aria-hidden />;

  if (!canDownload)
    return (
      <HintTooltip label={t('messages.noPermission')}>
        {/* A disabled button takes no pointer: the tooltip hangs on its box. */}
        <Box component="span" display="inline-block" data-testid="heatmap-download-no-permission">
          <Button variant="default" leftSection={icon} disabled>
            {t('heatmap.download.open')}
          </Button>
        </Box>
      </HintTooltip>
    );
  return (
    <>
      <Button
        variant="default"
        leftSection={icon}
        disabled={view.cameras.length === 0}
        onClick={() => setOpen(true)}
      >
        {t('heatmap.download.open')}
      </Button>
      {isOpen && (
        <HeatmapDownloadDialog
          view={view}
          cameraNames={cameraNames}
          today={today}
          timeZone={timeZone}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

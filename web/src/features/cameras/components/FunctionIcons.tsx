// A camera's function icons, each with a tooltip and an accessible label (core.md §2).
import { Group, ThemeIcon } from '@mantine/core';
import {
  IconArrowsMove,
  IconChartDots3,
  IconFlame,
  IconHourglass,
  IconLivePhoto,
  IconRun,
  IconShieldExclamation,
  IconUsers,
  IconVolume,
  IconWalk,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import { HintTooltip } from '../../../components/ui/HintTooltip.tsx';
import type { ListFunction } from '../camera-functions.ts';

const icons: Record<ListFunction, Icon> = {
  motion: IconRun,
  heatmap: IconFlame,
  live: IconLivePhoto,
  audio: IconVolume,
  people_counter: IconUsers,
  ptz: IconArrowsMove,
  time_lapse: IconHourglass,
  enter_alert: IconShieldExclamation,
  person_tracking: IconWalk,
  dewarp: IconWorld,
  operation_analysis: IconChartDots3,
};

export function FunctionIcons({ functions }: { functions: ListFunction[] }) {
  const { t } = useTranslation();
  if (functions.length === 0) return null;
  return (
    <Group gap={4} aria-label={t('cameras.functions')} role="group">
      {functions.map((f) => {
        const FunctionIcon = icons[f];
        const label = t(`cameras.function.${f}`);
        return (
          <HintTooltip key={f} label={label}>
            <ThemeIcon variant="light" color="blue" size="md" role="img" aria-label={label} data-function={f}>
              <FunctionIcon size={16} aria-hidden />
            </ThemeIcon>
          </HintTooltip>
        );
      })}
    </Group>
  );
}

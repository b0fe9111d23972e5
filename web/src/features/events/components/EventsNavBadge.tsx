// The navigation's count of events the user has not reviewed (issue 22): nothing at zero, `99+` from the cap on.
// Loaded on its own after the shell, so the first screens carry none of it.
import { Badge } from '@mantine/core';
import { unreviewedBadge } from '@camwatch/contract/events-rules';
import { useTranslation } from '../../../lib/i18n.ts';
import { useUnreviewedCount } from '../api/unreviewed-count.ts';

export default function EventsNavBadge() {
  const { t } = useTranslation();
  const count = useUnreviewedCount();
  const label = unreviewedBadge(count.data ?? 0);
  if (!label) return null;
  return (
    <Badge
      size="sm"
      color="red"
      aria-label={t('nav.eventsUnreviewed', { count: label })}
      data-testid="events-unreviewed"
    >
      {label}
    </Badge>
  );
}

// Current time as YYYY/MM/DD HH:mm:ss, updated every second (advanced.md §2).
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { formatClock } from '../../lib/format.ts';

export function Clock() {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    // Tick on the second boundary so the display never lags by most of a second.
    let timer = setTimeout(
      function tick() {
        setNow(new Date());
        timer = setTimeout(tick, 1000 - (Date.now() % 1000));
      },
      1000 - (Date.now() % 1000),
    );
    return () => clearTimeout(timer);
  }, []);
  return (
    <Text
      component="time"
      size="sm"
      ff="monospace"
      aria-label={t('footer.clock')}
      dateTime={now.toISOString()}
      data-testid="clock"
    >
      {formatClock(now)}
    </Text>
  );
}

// What the live players show over the picture (advanced.md §4): 'Loading video now.' with the reload hint
// while waiting for a frame, and a message when live cannot be watched. Shared by the still viewer and the
// HLS player.
import { Center, Loader, Stack, Text } from '@mantine/core';
import { IconVideoOff } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';

/** The spinner with 'Loading video now.'; `dim` darkens the last picture behind it (retrying). */
export function LiveLoadingOverlay({ dim = false }: { dim?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center pos="absolute" inset={0} bg={dim ? 'rgba(0,0,0,0.5)' : undefined}>
      <Stack align="center" gap={6} role="status">
        <Loader color="gray.3" size="md" aria-hidden />
        <Text c="gray.2" size="sm">
          {t('messages.loadingVideo')}
        </Text>
        <Text c="gray.5" size="xs">
          {t('messages.loadingVideoReload')}
        </Text>
      </Stack>
    </Center>
  );
}

/** Live cannot be watched: the message, and a hint below it when there is one; `dim` darkens an old picture. */
export function LiveProblemOverlay({
  message,
  hint,
  dim = false,
}: {
  message: string;
  hint?: string;
  dim?: boolean;
}) {
  return (
    <Center pos="absolute" inset={0} bg={dim ? 'rgba(0,0,0,0.6)' : undefined}>
      <Stack align="center" gap={6} role="alert" px="md" ta="center">
        <IconVideoOff size={36} color="var(--mantine-color-gray-5)" aria-hidden />
        <Text c="gray.2" size="sm">
          {message}
        </Text>
        {hint && (
          <Text c="gray.5" size="xs">
            {hint}
          </Text>
        )}
      </Stack>
    </Center>
  );
}

// Deleting an area link asks first (core.md §4 dialogs: not closed while deleting, Escape closes). The alerts
// the link raised stay in the recordings. A link someone else deleted meanwhile is gone either way.
import { Button, Group, Text } from '@mantine/core';
import type { AreaLink } from '@camwatch/contract/entry-detection';
import { AppDialog } from '../../../components/ui/AppDialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toast.ts';
import { useDeleteAreaLink } from '../api/delete-area-link.ts';

interface DeleteAreaLinkDialogProps {
  cameraCode: string;
  link: AreaLink;
  onClose: () => void;
}

export function DeleteAreaLinkDialog({ cameraCode, link, onClose }: DeleteAreaLinkDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteAreaLink(cameraCode);

  const confirm = async () => {
    try {
      await remove.mutateAsync(link.id);
      showToast({ color: 'green', message: t('entryDetection.deleted', { name: link.areaName }) });
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) return; // no answer: the common error message is shown
      if (error.status === 404) {
        showToast({ color: 'yellow', message: t('entryDetection.alreadyDeleted') });
        onClose();
      } else if (error.status === 403) showToast({ color: 'red', message: t('messages.noPermission') });
      else if (error.status < 500) showToast({ color: 'red', message: t('entryDetection.deleteFailed') });
    }
  };

  return (
    <AppDialog opened onClose={onClose} title={t('entryDetection.deleteTitle')} loading={remove.isPending}>
      <Text mb="lg" style={{ wordBreak: 'break-word' }}>
        {t('entryDetection.deleteBody', { name: link.areaName })}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={remove.isPending} data-autofocus>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={() => void confirm()} loading={remove.isPending}>
          {t('entryDetection.deleteConfirm')}
        </Button>
      </Group>
    </AppDialog>
  );
}

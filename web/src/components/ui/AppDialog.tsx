// Every dialog of the app: cannot be closed while it is busy; Escape closes it otherwise (core.md §4).
// The dialog's code (Mantine's Modal with its focus trap and scroll lock) loads when a dialog first opens, so no
// first screen carries it (issue 19); from then on the dialog stays mounted as before.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import type Modal from './dialog-modal.ts';

let loadedModal: typeof Modal | null = null;
const loadModal = () =>
  import('./dialog-modal.ts').then((module) => {
    loadedModal = module.default;
    return module;
  });
const LazyModal = lazy(loadModal);

/** Loads the dialog code now: component tests render dialogs open and look at them at once. */
export const preloadAppDialog = loadModal;

export interface AppDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  loading?: boolean;
  size?: string | number;
  children: ReactNode;
}

export function AppDialog({
  opened,
  onClose,
  title,
  loading = false,
  size = 'md',
  children,
}: AppDialogProps) {
  const { t } = useTranslation();
  // Once loaded, the Modal itself (no suspending); the choice stays for this dialog's life.
  const [Dialog] = useState(() => loadedModal ?? LazyModal);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened && !wasOpened) setWasOpened(true);
  if (!wasOpened) return null;
  return (
    <Suspense fallback={null}>
      <Dialog
        opened={opened}
        onClose={() => {
          if (!loading) onClose();
        }}
        title={title}
        size={size}
        centered
        closeOnEscape={!loading}
        closeOnClickOutside={!loading}
        closeButtonProps={{ disabled: loading, 'aria-label': t('common.close') }}
      >
        {children}
      </Dialog>
    </Suspense>
  );
}

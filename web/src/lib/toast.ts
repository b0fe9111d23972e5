// Short messages at the top of the screen (success, failure, the common error). A tiny store: toasts are
// shown by components/ui/Toasts.tsx, so showing one costs nothing until the first appears.
import { useSyncExternalStore } from 'react';

export interface Toast {
  id: string;
  color: 'green' | 'red' | 'yellow' | 'blue';
  title?: string;
  message: string;
  /** Milliseconds until it closes by itself; false keeps it until closed. */
  autoClose: number | false;
}

export const DEFAULT_TOAST_MS = 5_000;
const MAX_TOASTS = 4;

let toasts: Toast[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

const emit = () => {
  for (const listener of listeners) listener();
};

export function hideToast(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Shows a toast; one with the id of a visible toast replaces it. Answers the id. */
export function showToast(
  input: Omit<Toast, 'id' | 'autoClose'> & { id?: string; autoClose?: number | false },
): string {
  const toast: Toast = { autoClose: DEFAULT_TOAST_MS, ...input, id: input.id ?? `toast-${++counter}` };
  clearTimeout(timers.get(toast.id));
  toasts = [...toasts.filter((t) => t.id !== toast.id), toast].slice(-MAX_TOASTS);
  if (toast.autoClose !== false)
    timers.set(
      toast.id,
      setTimeout(() => hideToast(toast.id), toast.autoClose),
    );
  emit();
  return toast.id;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useToasts = (): Toast[] => useSyncExternalStore(subscribe, () => toasts);

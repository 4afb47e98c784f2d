import { useSyncExternalStore } from 'react';

/**
 * Whether the update-notes dialog was asked for (the top bar's icon, the phone's "…" menu). The dialog is mounted
 * once by the layout; this store lets any button open it without threading state through the layout.
 */
let asked = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function openUpdateNotes(): void {
  asked = true;
  emit();
}

export function closeUpdateNotes(): void {
  asked = false;
  emit();
}

export function useUpdateNotesAsked(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => asked,
    () => false,
  );
}

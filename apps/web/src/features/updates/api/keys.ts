/** Every update-notes query lives under this key (the console's changes refresh the dialog's too). */
export const UPDATES_KEY = ['updates'] as const;

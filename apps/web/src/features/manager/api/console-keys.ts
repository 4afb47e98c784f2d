/** Every query of the console's organizations, users and administrators lives under this key; a change refreshes them. */
export const CONSOLE_KEY = ['console'] as const;

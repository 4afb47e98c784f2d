/** Every dashboard query lives under this key. */
export const HOME_KEY = ['home'] as const;

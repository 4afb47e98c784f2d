/** Every help query lives under this key. */
export const HELP_KEY = ['help'] as const;
/** The bell's service desk query (features/notices uses the same key, so both share one answer). */
export const serviceContactKey = ['notices', 'service'] as const;

/** The root of every model-comparison query key. */
export const COMPARE_KEY = ['compare'] as const;

import type { TFunction } from 'i18next';
import { ApiError } from '../../../../shared/request.ts';

/** The catalogue text of a refused call (errors.<table>.<key>), else `fallback`. */
export function refusalText(error: unknown, t: TFunction, fallback: string): string {
  if (error instanceof ApiError) return t(error.i18nKey, { defaultValue: error.message });
  return t(fallback);
}

/** The catalogue key of a refusal (`profilePhone.wrongCode` …), or undefined. */
export const refusalKey = (error: unknown): string | undefined =>
  error instanceof ApiError && error.i18nKey.startsWith('errors.')
    ? error.i18nKey.slice('errors.'.length)
    : undefined;

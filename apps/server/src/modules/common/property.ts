import { GenericErrors, userProperty } from '@archway/contract';
import { AppError } from '../../platform/errors.ts';

/**
 * The shallow merge of `PUT /api2/user` and `PUT /api2/cust/property`: given keys replace,
 * a null value removes the key. Pure; both services call it inside their transaction.
 * The merged object obeys the same bounds as one patch (size and depth), so many small patches
 * cannot grow a stored property without limit: past them the call answers its parameter error.
 */
export function mergeProperty(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const next = { ...current, ...patch };
  for (const [k, v] of Object.entries(patch)) if (v === null) delete next[k];
  if (!userProperty.safeParse(next).success) throw new AppError(GenericErrors.validation, 'property');
  return next;
}

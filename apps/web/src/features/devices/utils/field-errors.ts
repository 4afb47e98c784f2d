import { ApiError } from '../../../shared/request.ts';

/** The fields a device form may have a refusal shown at. */
export type RefusalField = 'serial' | 'code' | 'name';

/**
 * Which field a device refusal belongs to, from its catalogue key: an unknown serial, a device of
 * another area or one already registered belong to the serial; a wrong or empty bind code (or too
 * many wrong ones) to the code; an empty name to the name. Anything else has no field (a toast).
 */
const FIELD_OF_KEY: Record<string, RefusalField> = {
  'errors.device.notFound': 'serial',
  'errors.device.notInArea': 'serial',
  'errors.device.alreadyRegistered': 'serial',
  'errors.authorise.numberError': 'serial',
  'errors.device.passwordEmpty': 'code',
  'errors.device.wrongPassword': 'code',
  'errors.authorise.passwordEmpty': 'code',
  'errors.authorise.wrongPassword': 'code',
  'errors.recycle.wrongPassword': 'code',
  'errors.device.codeAttempts': 'code',
  'errors.device.nameEmpty': 'name',
};

export function refusalField(error: unknown): RefusalField | null {
  if (!(error instanceof ApiError) || error.kind !== 'refused') return null;
  return FIELD_OF_KEY[error.i18nKey] ?? null;
}

/**
 * Shows a refusal at its field when it has one (`setFieldError`), else hands it to `toast`.
 * Duplicates and lost sessions are handled by the request layer and show nothing here.
 */
export function showRefusal(
  error: unknown,
  fields: Partial<Record<RefusalField, string>>,
  setFieldError: (name: string, text: string) => void,
  translate: (key: string, fallback: string) => string,
  toast: (text: string) => void,
): void {
  if (error instanceof ApiError && (error.kind === 'duplicate' || error.kind === 'sessionLost')) return;
  const text = error instanceof ApiError ? translate(error.i18nKey, error.message) : String(error);
  const field = refusalField(error);
  const name = field ? fields[field] : undefined;
  if (name) setFieldError(name, text);
  else toast(text);
}

import type { Envelope, ErrorDef } from '@archway/contract';

export const ok = <T>(data: T): Envelope<T> => ({ success: true, errorCode: 0, errorMessage: '', data });

export const fail = (def: ErrorDef, field?: string): Envelope<{ key: string; field?: string }> => ({
  success: false,
  errorCode: def.code,
  errorMessage: field ? `${def.message}: ${field}` : def.message,
  data: field ? { key: def.key, field } : { key: def.key },
});

import { messageFor, type Envelope, type ErrorDef } from '@archway/contract';

export const ok = <T>(data: T): Envelope<T> => ({ success: true, errorCode: 0, errorMessage: '', data });

/** A refusal in the caller's server language (zh, pt or en). */
export const fail = (
  def: ErrorDef,
  field?: string,
  lang: 'zh' | 'pt' | 'en' = 'en',
  details?: Record<string, unknown>,
): Envelope<{ key: string; field?: string } & Record<string, unknown>> => {
  const message = messageFor(def.key, def.message, lang);
  return {
    success: false,
    errorCode: def.code,
    errorMessage: field ? `${message}: ${field}` : message,
    data: { ...details, key: def.key, ...(field ? { field } : {}) },
  };
};

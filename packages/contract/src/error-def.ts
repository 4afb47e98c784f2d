/** One entry of the error catalogue (errors.ts): code, i18n key, HTTP status and the English message. */
export interface ErrorDef {
  readonly code: number;
  readonly key: string;
  readonly status: number;
  readonly message: string;
}

export const def = (code: number, key: string, status: number, message: string): ErrorDef => ({
  code,
  key,
  status,
  message,
});

/**
 * The error catalogue (calls-and-errors §8). Every refusal the server sends comes from here:
 * a stable `code` (the documented one where the spec gives it), an i18n `key` the web app
 * translates (`errors.<key>` in every locale), the HTTP status, and the English message the
 * server puts in `errorMessage` when the caller's language has no server-side text.
 *
 * Codes are unique per call, not globally: device calls reuse -1…-8 with other meanings, so
 * each call has its own table and the key says which one it is.
 */
export interface ErrorDef {
  readonly code: number;
  readonly key: string;
  readonly status: number;
  readonly message: string;
}

const def = (code: number, key: string, status: number, message: string): ErrorDef => ({
  code,
  key,
  status,
  message,
});

/** Generic codes of calls-and-errors §8.1, plus the few Archway adds (documented in the OpenAPI text). */
export const GenericErrors = {
  permission: def(
    100,
    'generic.permission',
    403,
    'Permission check failed: contact the administrator to open permissions or log in again',
  ),
  notFound: def(200, 'generic.notFound', 404, 'Request path not found'),
  application: def(300, 'generic.application', 500, 'Application exception'),
  database: def(310, 'generic.database', 500, 'Database exception'),
  // Archway additions: the spec has no generic code for these.
  validation: def(400, 'generic.validation', 400, 'Invalid parameter'),
  sessionExpired: def(401, 'generic.sessionExpired', 401, 'Session expired: please log in again'),
  tooManyAttempts: def(
    429,
    'generic.tooManyAttempts',
    429,
    'Too many attempts: wait a few minutes and try again',
  ),
  objectNotFound: def(404, 'generic.objectNotFound', 404, 'Not found or does not exist'),
} as const;

/** Sign-in (`POST /account/token`, the sign-in page). */
export const SignInErrors = {
  invalidCredentials: def(-1, 'signIn.invalidCredentials', 400, 'Wrong username or password'),
  disabled: def(-3, 'signIn.disabled', 400, 'This account is disabled'),
  interactionExpired: def(-4, 'signIn.interactionExpired', 400, 'The sign-in page has expired: start again'),
} as const;

/** Personal data (calls-and-errors §8.3, "General"). */
export const UserErrors = {
  invalidUser: def(-1, 'user.invalidUser', 400, 'Invalid login user'),
  failed: def(-3, 'user.failed', 400, 'Modification failed'),
} as const;

/** Organization (calls-and-errors §8.3). */
export const CustErrors = {
  notFound: def(-1, 'cust.notFound', 404, 'Organization not found or does not exist'),
  missing: def(
    -5,
    'cust.missing',
    400,
    'Organization information is missing: complete it in account management',
  ),
} as const;

export const ErrorTables = {
  generic: GenericErrors,
  signIn: SignInErrors,
  user: UserErrors,
  cust: CustErrors,
} as const;

/** Every catalogue entry, flattened (for locale completeness tests and the OpenAPI text). */
export const allErrors: readonly ErrorDef[] = Object.values(ErrorTables).flatMap((t) => Object.values(t));

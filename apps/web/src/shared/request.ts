import type { Envelope, ServiceName } from '@archway/contract';

/**
 * The request layer of calls-and-errors §7.1: base URL by host key, bearer token,
 * Accept-Language, the caller's time zone (`X-Time-Zone`), envelope unwrap, 401 → renew once → else sign
 * in again, 404 silent (it only ever means an unknown path: catalogue refusals answer 400), duplicate
 * in-flight requests cancelled, default time-out, de-duplicated toasts; network failures are reported to
 * the offline banner instead of a toast.
 *
 * `createRequester` takes its collaborators as arguments so the behaviour is tested without a
 * browser; `api-client.ts` wires the real ones.
 */

/** A service of `GET /common/services`, or `origin` for the page's own origin. */
export type Host = ServiceName | 'origin';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  path: string;
  method?: Method;
  /** Default `default`. */
  host?: Host;
  query?: Record<string, QueryValue>;
  /** Plain values are sent as JSON; FormData, Blob and strings as they are. */
  body?: unknown;
  /** Milliseconds; default 5000. */
  timeout?: number;
  /** The call answers its own documented shape instead of the envelope. */
  raw?: boolean;
  /** No toast on refusal: the caller shows the error itself. */
  silent?: boolean;
  /** Send the token and, when one was sent, handle 401 by renewing (default true). */
  auth?: boolean;
}

export type ApiErrorKind =
  'refused' | 'notFound' | 'http' | 'sessionLost' | 'duplicate' | 'timeout' | 'network';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    /** The envelope's errorCode, else the HTTP status, else 0. */
    readonly code: number,
    /** Translation key, e.g. `errors.signIn.invalidCredentials` or `request.timeout`. */
    readonly i18nKey: string,
    message: string,
    readonly status = 0,
    readonly field?: string,
    /** A refusal's whole `data` (e.g. `results`, each item's outcome when a call on several items all failed). */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const DEFAULT_TIMEOUT_MS = 5000;
export const DUPLICATE_MESSAGE = 'duplicate API request';

export interface RequestDeps {
  fetch: typeof fetch;
  /** Base URL of a host key ('' = same origin). */
  baseUrl(host: Host): string;
  getToken(): string | null;
  /** The stored interface language (`lang`). */
  language(): string;
  /** Try to renew the signed-in user once; true when a new token is stored. */
  renew(): Promise<boolean>;
  /** Clear the session token, remember "login expired" and go to /login. */
  onSessionLost(): void;
  toast(text: string): void;
  /** Text for a key, or `fallback` when no locale has it. */
  translate(key: string, fallback: string): string;
  /** The IANA time zone sent as `X-Time-Zone` (default: the browser's). */
  timeZone?: () => string;
  /** Told whether the server could be reached (false on a network failure): drives the offline banner. */
  onReachable?: (reachable: boolean) => void;
}

/** The browser's IANA time zone, or UTC when it cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Accept-Language sent to the server: zh (zh, zh-tw), pt, otherwise en. */
export function acceptLanguage(lang: string): 'zh' | 'pt' | 'en' {
  if (lang === 'zh' || lang === 'zh-tw') return 'zh';
  if (lang === 'pt') return 'pt';
  return 'en';
}

export function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const url = base.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'success' in value && 'errorCode' in value;
}

/** A refusal's `data` when it is an object (`{key, field?, results?}`), else nothing. */
function refusalData(data: unknown): Record<string, unknown> | undefined {
  return typeof data === 'object' && data !== null && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : undefined;
}

function encodeBody(body: unknown): { payload: BodyInit | undefined; json: boolean; dedupeKey: string } {
  if (body === undefined) return { payload: undefined, json: false, dedupeKey: '' };
  if (typeof body === 'string') return { payload: body, json: false, dedupeKey: body };
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) {
    // Uploads are never treated as duplicates of each other.
    return { payload: body, json: false, dedupeKey: `#${Math.random()}` };
  }
  const text = JSON.stringify(body);
  return { payload: text, json: true, dedupeKey: text };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const TIMEOUT = Symbol('timeout');
const DUPLICATE = Symbol('duplicate');

export type Requester = <T>(options: RequestOptions) => Promise<T>;

export function createRequester(deps: RequestDeps): Requester {
  const inFlight = new Map<string, AbortController>();
  let renewing: Promise<boolean> | null = null;

  const renewOnce = () => {
    renewing ??= deps
      .renew()
      .catch(() => false)
      .finally(() => (renewing = null));
    return renewing;
  };

  const fail = (error: ApiError, silent: boolean): never => {
    if (!silent) deps.toast(deps.translate(error.i18nKey, error.message));
    throw error;
  };

  async function send<T>(options: RequestOptions, { retried }: { retried: boolean }): Promise<T> {
    const method = options.method ?? 'GET';
    const auth = options.auth ?? true;
    const silent = options.silent ?? false;
    const url = buildUrl(deps.baseUrl(options.host ?? 'default'), options.path, options.query);
    const { payload, json, dedupeKey } = encodeBody(options.body);

    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': acceptLanguage(deps.language()),
      'X-Time-Zone': (deps.timeZone ?? browserTimeZone)(),
    };
    if (json) headers['Content-Type'] = 'application/json';
    const token = auth ? deps.getToken() : null;
    if (token) headers.Authorization = `Bearer ${token}`;

    // An identical request still in flight is cancelled: the latest one wins.
    const key = `${method} ${url} ${dedupeKey}`;
    inFlight.get(key)?.abort(DUPLICATE);
    const controller = new AbortController();
    inFlight.set(key, controller);
    const timer = setTimeout(() => controller.abort(TIMEOUT), options.timeout ?? DEFAULT_TIMEOUT_MS);

    let response: Response;
    let body: unknown;
    try {
      response = await deps.fetch(url, { method, headers, body: payload, signal: controller.signal });
      body = await readBody(response);
    } catch (cause) {
      const reason: unknown = controller.signal.reason;
      if (reason === DUPLICATE) {
        throw new ApiError('duplicate', 0, 'request.duplicate', DUPLICATE_MESSAGE);
      }
      if (reason === TIMEOUT) {
        return fail(new ApiError('timeout', 0, 'request.timeout', 'Request timed out'), silent);
      }
      // No toast: the offline banner says it (and stays until the server answers again).
      deps.onReachable?.(false);
      throw new ApiError('network', 0, 'request.network', String(cause));
    } finally {
      clearTimeout(timer);
      if (inFlight.get(key) === controller) inFlight.delete(key);
    }

    deps.onReachable?.(true);

    // Only a request that carried a token can have lost its session.
    if (response.status === 401 && token) {
      if (!retried && (await renewOnce())) return send<T>(options, { retried: true });
      deps.onSessionLost();
      throw new ApiError('sessionLost', 401, 'errors.generic.sessionExpired', 'Session expired', 401);
    }
    // Calls-and-errors §7.1: on 404 the product does nothing. HTTP 404 means only an unknown path;
    // catalogue refusals ("not found", "another organization's") answer 400 and are shown below.
    if (response.status === 404) {
      throw new ApiError('notFound', 404, 'errors.generic.notFound', 'Not found', 404);
    }
    if (isEnvelope(body) && !options.raw) {
      if (body.success && response.ok) return body.data as T;
      const details = refusalData(body.data);
      const errorKey = typeof details?.key === 'string' ? details.key : 'generic.application';
      const field = typeof details?.field === 'string' ? details.field : undefined;
      return fail(
        new ApiError(
          'refused',
          body.errorCode,
          `errors.${errorKey}`,
          body.errorMessage,
          response.status,
          field,
          details,
        ),
        silent,
      );
    }
    if (!response.ok) {
      return fail(
        new ApiError(
          'http',
          response.status,
          'errors.generic.application',
          response.statusText,
          response.status,
        ),
        silent,
      );
    }
    return body as T;
  }

  return <T>(options: RequestOptions) => send<T>(options, { retried: false });
}

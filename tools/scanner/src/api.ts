import type { CaseOrder, OrderValues, ReceiverForm } from '@archway/contract';

/**
 * The few calls archway-scan makes besides the tus upload itself (coord.md "Upload API"): sign-in, the usable device,
 * and the call that turns uploaded files into a case. Every answer is the `{success, errorCode, errorMessage, data}`
 * envelope.
 */

/** A refusal or failure of a call; `kind` picks the command's message and exit code. */
export class ApiError extends Error {
  constructor(
    readonly kind: 'signIn' | 'refused' | 'network' | 'protocol',
    message: string,
    readonly errorCode?: number,
    readonly status?: number,
    /** The field the refusal names (an order-form field's name, for one). */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface Envelope<T> {
  success: boolean;
  errorCode: number;
  errorMessage: string;
  data: T;
}

export interface Api {
  server: string;
  /** The Authorization header's token (signed-in calls). */
  bearer?: () => Promise<string>;
}

/** Joins a server base (with or without a path) and an absolute path. */
export const urlOf = (server: string, pathname: string) => `${server.replace(/\/+$/, '')}${pathname}`;

async function call<T>(api: Api, method: string, pathname: string, body?: unknown): Promise<Envelope<T>> {
  const url = urlOf(api.server, pathname);
  const token = api.bearer ? await api.bearer() : undefined;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new ApiError('network', `${method} ${url} failed: ${cause?.code ?? cause?.message ?? String(err)}`);
  }
  const text = await res.text();
  let parsed: Envelope<T>;
  try {
    parsed = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new ApiError(
      'protocol',
      `${method} ${url} answered HTTP ${res.status} without JSON (is --server the Archway address?)`,
      undefined,
      res.status,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || typeof parsed.success !== 'boolean') {
    throw new ApiError('protocol', `${method} ${url} answered HTTP ${res.status} without the envelope`);
  }
  return Object.assign(parsed, { status: res.status });
}

const refusal = (kind: ApiError['kind'], what: string, env: Envelope<unknown> & { status?: number }) => {
  const data = env.data as { field?: unknown } | null | undefined;
  const field = typeof data?.field === 'string' ? data.field : undefined;
  return new ApiError(
    kind,
    `${what}: ${field ? `${field}: ` : ''}${env.errorMessage || 'refused'} (code ${env.errorCode})`,
    env.errorCode,
    env.status,
    field,
  );
};

/** `POST /account/token` → an access token and when it expires (ms since the epoch). */
export async function signIn(
  server: string,
  username: string,
  password: string,
): Promise<{ token: string; expiresAt: number }> {
  const env = await call<{ AccessToken?: string; ExpiresIn?: number } | null>(
    { server },
    'POST',
    '/account/token',
    {
      username,
      password,
    },
  );
  if (!env.success || !env.data?.AccessToken) throw refusal('signIn', 'sign-in refused', env);
  return { token: env.data.AccessToken, expiresAt: Date.now() + (env.data.ExpiresIn ?? 3600) * 1000 };
}

/** Signs in again this long before the token expires (an upload of gigabytes outlasts a token's hour). */
const RENEW_BEFORE_MS = 5 * 60_000;

/** A signed-in session: the token, renewed with the same credentials when it nears its end or is refused. */
export class Session implements Api {
  private current?: { token: string; expiresAt: number };
  /** Sign-ins made (the first one included). */
  signIns = 0;

  constructor(
    readonly server: string,
    private readonly username: string,
    private readonly password: string,
  ) {}

  readonly bearer = async (): Promise<string> => {
    if (!this.current || this.current.expiresAt - Date.now() < RENEW_BEFORE_MS) {
      this.current = await signIn(this.server, this.username, this.password);
      this.signIns += 1;
    }
    return this.current.token;
  };

  /** The server refused the token (401): the next call signs in again. */
  invalidate() {
    this.current = undefined;
  }
}

export interface UsableDevice {
  id: string;
  number: string;
  name: string;
  encryptType: number;
  role: string;
}

/**
 * The device with this serial among those the signed-in organization may scan with (owner, borrower within its
 * window, device user within theirs), or undefined when it may not use it.
 */
export async function usableDevice(api: Api, serial: string): Promise<UsableDevice | undefined> {
  const env = await call<{ records: UsableDevice[] } | null>(api, 'POST', '/api2/device/scan/usable', {
    keyword: serial,
    pageSize: 100,
  });
  if (!env.success) throw refusal('refused', 'listing your usable devices failed', env);
  return (env.data?.records ?? []).find((d) => d.number === serial);
}

export interface CompleteBody {
  device: string;
  crypto: 0 | 1;
  order: CaseOrder;
  files: { uploadId: string; name: string; sha256: string }[];
  /** The receiving labs' order-form values by field name (`--field NAME=VALUE`). */
  orderFields?: OrderValues;
}

/** `POST /api/case/upload/complete` → the case id (the same files again answer the same case). */
export async function complete(api: Api, body: CompleteBody): Promise<string> {
  const env = await call<{ id?: string } | null>(api, 'POST', '/api/case/upload/complete', body);
  if (!env.success || !env.data?.id) throw refusal('refused', 'the server refused the case', env);
  return env.data.id;
}

/**
 * `GET /api/order/forms?device=&type=`: the order forms of the labs a case of this device and type goes to (what
 * `--field` fills).
 */
export async function receiverForms(api: Api, serial: string, caseType: number): Promise<ReceiverForm[]> {
  const query = new URLSearchParams({ device: serial, type: String(caseType) });
  const env = await call<ReceiverForm[] | null>(api, 'GET', `/api/order/forms?${query}`);
  if (!env.success) throw refusal('refused', 'reading the order forms failed', env);
  return env.data ?? [];
}

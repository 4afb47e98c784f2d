import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  DUPLICATE_MESSAGE,
  acceptLanguage,
  buildUrl,
  createRequester,
  type RequestDeps,
} from './request.ts';

type Handler = (url: string, init: RequestInit) => Promise<Response> | Response;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => json({ success: true, errorCode: 0, errorMessage: '', data });

/** A fetch that honours the abort signal like the real one. */
function fakeFetch(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    return new Promise<Response>((resolve, reject) => {
      const signal = init.signal;
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      Promise.resolve(handler(url, init)).then(resolve, reject);
    });
  };
  return { fn: fn as typeof fetch, calls };
}

function setup(handler: Handler, overrides: Partial<RequestDeps> = {}) {
  const fake = fakeFetch(handler);
  let token: string | null = 'old-token';
  const deps: RequestDeps = {
    fetch: fake.fn,
    baseUrl: (host) => (host === 'origin' ? '' : `http://${host}.test`),
    getToken: () => token,
    language: () => 'de',
    renew: vi.fn(async () => false),
    onSessionLost: vi.fn(),
    toast: vi.fn(),
    translate: (key, fallback) =>
      key === 'errors.signIn.invalidCredentials' ? 'Falsches Passwort' : fallback,
    timeZone: () => 'Europe/Prague',
    onReachable: vi.fn(),
    ...overrides,
  };
  const request = createRequester(deps);
  return { request, deps, calls: fake.calls, setToken: (value: string | null) => (token = value) };
}

const never = () => new Promise<Response>(() => {});

describe('request layer', () => {
  it('picks the base URL by host key and sends token and Accept-Language', async () => {
    const { request, calls } = setup(() => ok({ id: 1 }));
    const data = await request<{ id: number }>({
      host: 'account',
      path: '/user/current',
      query: { a: 1, b: undefined },
    });
    expect(data).toEqual({ id: 1 });
    expect(calls[0]?.url).toBe('http://account.test/user/current?a=1');
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer old-token');
    expect(headers['Accept-Language']).toBe('en');
    expect(headers['X-Time-Zone']).toBe('Europe/Prague');
  });

  it("sends the browser's IANA time zone by default", async () => {
    const { request, calls } = setup(() => ok(null), { timeZone: undefined });
    await request({ path: '/a', auth: false });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers['X-Time-Zone']).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(headers['X-Time-Zone']).toMatch(/^[A-Za-z_+-]+(\/[A-Za-z0-9_+-]+)*$/);
  });

  it('maps the stored language to zh, pt or en', () => {
    expect(acceptLanguage('zh')).toBe('zh');
    expect(acceptLanguage('zh-tw')).toBe('zh');
    expect(acceptLanguage('pt')).toBe('pt');
    expect(acceptLanguage('de')).toBe('en');
    expect(acceptLanguage('en')).toBe('en');
  });

  it('builds URLs without double slashes', () => {
    expect(buildUrl('http://x.test/', '/a', { q: 'b c' })).toBe('http://x.test/a?q=b+c');
    expect(buildUrl('', '/a')).toBe('/a');
  });

  it('sends JSON bodies with a content type', async () => {
    const { request, calls } = setup(() => ok(null));
    await request({ method: 'POST', path: '/x', body: { a: 1 } });
    expect(calls[0]?.init.body).toBe('{"a":1}');
    expect((calls[0]?.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('unwraps the envelope and rejects a refusal with code, key and a translated toast', async () => {
    const { request, deps } = setup(() =>
      json(
        {
          success: false,
          errorCode: -1,
          errorMessage: 'Wrong username or password',
          data: { key: 'signIn.invalidCredentials' },
        },
        400,
      ),
    );
    const error = await request({ path: '/account/token', method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'refused',
      code: -1,
      i18nKey: 'errors.signIn.invalidCredentials',
      status: 400,
    });
    expect(deps.toast).toHaveBeenCalledWith('Falsches Passwort');
  });

  it("keeps the refusal's data, with each item's outcome when a call on several items all failed", async () => {
    const results = [
      { item: 'a', code: -6, key: 'deviceUserAdd.alreadyAdded' },
      { item: 'b', code: -8, key: 'deviceUserAdd.addError' },
    ];
    const { request } = setup(() =>
      json(
        {
          success: false,
          errorCode: -3,
          errorMessage: 'All failed',
          data: { key: 'deviceUserAdd.allFailed', results },
        },
        400,
      ),
    );
    const error = await request({ path: '/x', method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'refused',
      code: -3,
      i18nKey: 'errors.deviceUserAdd.allFailed',
      details: { key: 'deviceUserAdd.allFailed', results },
    });

    // A single item that was not found answers 400 with its refusal: shown, with its outcome.
    const one = setup(() =>
      json(
        {
          success: false,
          errorCode: -8,
          errorMessage: 'Add error: user not found',
          data: { key: 'deviceUserAdd.addError', results: results.slice(1) },
        },
        400,
      ),
    );
    await expect(one.request({ path: '/x' })).rejects.toMatchObject({
      kind: 'refused',
      status: 400,
      i18nKey: 'errors.deviceUserAdd.addError',
      details: { results: results.slice(1) },
    });
    expect(one.deps.toast).toHaveBeenCalledTimes(1);

    // Without data there are no details.
    const bare = setup(() => json({ success: false, errorCode: 300, errorMessage: 'x', data: null }, 500));
    const plain = await bare.request({ path: '/x', silent: true }).catch((e: unknown) => e);
    expect((plain as ApiError).details).toBeUndefined();
  });

  it('falls back to errorMessage when no translation exists and keeps silent calls quiet', async () => {
    const refusal = {
      success: false,
      errorCode: 300,
      errorMessage: 'Application exception',
      data: { key: 'x.y' },
    };
    const loud = setup(() => json(refusal, 500));
    await expect(loud.request({ path: '/a' })).rejects.toMatchObject({ code: 300 });
    expect(loud.deps.toast).toHaveBeenCalledWith('Application exception');

    const quiet = setup(() => json(refusal, 500));
    await expect(quiet.request({ path: '/a', silent: true })).rejects.toMatchObject({ code: 300 });
    expect(quiet.deps.toast).not.toHaveBeenCalled();
  });

  it('returns raw bodies for calls with their own shape', async () => {
    const { request } = setup(() => json({ code: 0, content: { a: true } }));
    await expect(request({ path: '/user/control/page', raw: true })).resolves.toEqual({
      code: 0,
      content: { a: true },
    });
  });

  it('on 401 renews once and retries with the new token', async () => {
    let attempt = 0;
    const renew = vi.fn(async () => {
      ctx.setToken('new-token');
      return true;
    });
    const ctx = setup(
      (_url, init) => {
        attempt += 1;
        const auth = (init.headers as Record<string, string>).Authorization;
        return auth === 'Bearer new-token' ? ok('fresh') : json({}, 401);
      },
      { renew },
    );
    await expect(ctx.request({ path: '/user/current' })).resolves.toBe('fresh');
    expect(renew).toHaveBeenCalledTimes(1);
    expect(attempt).toBe(2);
    expect(ctx.deps.onSessionLost).not.toHaveBeenCalled();
  });

  it('on 401 without a successful renew loses the session, once per request', async () => {
    const ctx = setup(() => json({}, 401));
    const error = await ctx.request({ path: '/user/current' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'sessionLost', i18nKey: 'errors.generic.sessionExpired' });
    expect(ctx.deps.renew).toHaveBeenCalledTimes(1);
    expect(ctx.deps.onSessionLost).toHaveBeenCalledTimes(1);
    expect(ctx.deps.toast).not.toHaveBeenCalled();
  });

  it('on 401 after a renew does not renew again', async () => {
    const renew = vi.fn(async () => true);
    const ctx = setup(() => json({}, 401), { renew });
    await expect(ctx.request({ path: '/a' })).rejects.toMatchObject({ kind: 'sessionLost' });
    expect(renew).toHaveBeenCalledTimes(1);
    expect(ctx.deps.onSessionLost).toHaveBeenCalledTimes(1);
  });

  it('shares one renew between concurrent 401s', async () => {
    // The renew lasts until both requests have their 401: each is told reachable just before it handles the 401
    // (asking for the renew in the same step), so the second asks while the first's renew is still running.
    let answered = 0;
    let bothRefused = () => {};
    const refused = new Promise<void>((resolve) => (bothRefused = resolve));
    const onReachable = vi.fn(() => {
      if (++answered === 2) bothRefused();
    });
    const renew = vi.fn(async () => {
      await refused;
      ctx.setToken('new-token');
      return true;
    });
    const ctx = setup(
      (_url, init) =>
        (init.headers as Record<string, string>).Authorization === 'Bearer new-token'
          ? ok('ok')
          : json({}, 401),
      { renew, onReachable },
    );
    await expect(Promise.all([ctx.request({ path: '/a' }), ctx.request({ path: '/b' })])).resolves.toEqual([
      'ok',
      'ok',
    ]);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('does not send the token nor renew when auth is off', async () => {
    const ctx = setup(() => json({}, 401));
    await expect(ctx.request({ path: '/a', auth: false })).rejects.toMatchObject({
      kind: 'http',
      status: 401,
    });
    expect((ctx.calls[0]?.init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(ctx.deps.renew).not.toHaveBeenCalled();
  });

  it('without a token a 401 is an ordinary refusal', async () => {
    const ctx = setup(() => json({}, 401));
    ctx.setToken(null);
    await expect(ctx.request({ path: '/a' })).rejects.toMatchObject({ kind: 'http', status: 401 });
    expect(ctx.deps.renew).not.toHaveBeenCalled();
    expect(ctx.deps.onSessionLost).not.toHaveBeenCalled();
  });

  it('stays silent on every 404, even one that carries a refusal (404 only means an unknown path)', async () => {
    const refusal = setup(() =>
      json(
        {
          success: false,
          errorCode: -1,
          errorMessage: 'Device not found',
          data: { key: 'deviceCommon.notFound' },
        },
        404,
      ),
    );
    await expect(refusal.request({ path: '/gone' })).rejects.toMatchObject({ kind: 'notFound', status: 404 });
    expect(refusal.deps.toast).not.toHaveBeenCalled();
  });

  it('stays silent on 404', async () => {
    const ctx = setup(() =>
      json(
        {
          success: false,
          errorCode: 200,
          errorMessage: 'Request path not found',
          data: { key: 'generic.notFound' },
        },
        404,
      ),
    );
    await expect(ctx.request({ path: '/nowhere' })).rejects.toMatchObject({ kind: 'notFound', status: 404 });
    expect(ctx.deps.toast).not.toHaveBeenCalled();
  });

  it('cancels the earlier of two identical in-flight requests', async () => {
    let release: (r: Response) => void = () => {};
    const ctx = setup(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    const first = ctx.request({ path: '/a', method: 'POST', body: { x: 1 } });
    const second = ctx.request({ path: '/a', method: 'POST', body: { x: 1 } });
    const firstError = await first.catch((e: unknown) => e);
    expect(firstError).toMatchObject({ kind: 'duplicate', message: DUPLICATE_MESSAGE });
    release(ok('second'));
    await expect(second).resolves.toBe('second');
    expect(ctx.deps.toast).not.toHaveBeenCalled();
  });

  it('does not cancel requests that differ in body', async () => {
    const ctx = setup((_url, init) => ok(init.body));
    const results = await Promise.all([
      ctx.request({ path: '/a', method: 'POST', body: { x: 1 } }),
      ctx.request({ path: '/a', method: 'POST', body: { x: 2 } }),
    ]);
    expect(results).toEqual(['{"x":1}', '{"x":2}']);
  });

  it('times out after the given time with a toast', async () => {
    const ctx = setup(never, { translate: (key) => `t:${key}` });
    const started = Date.now();
    await expect(ctx.request({ path: '/slow', timeout: 50 })).rejects.toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(ctx.deps.toast).toHaveBeenCalledWith('t:request.timeout');
  });

  it('uses 5000 ms as the default time-out', async () => {
    vi.useFakeTimers();
    try {
      const ctx = setup(never);
      const pending = ctx.request({ path: '/slow' }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(4999);
      let settled = false;
      void pending.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({ kind: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports network failures to the offline banner (no toast), and recovery on the next answer', async () => {
    let down = true;
    const ctx = setup(() => (down ? Promise.reject(new TypeError('Failed to fetch')) : ok(1)));
    await expect(ctx.request({ path: '/a' })).rejects.toMatchObject({
      kind: 'network',
      i18nKey: 'request.network',
    });
    expect(ctx.deps.toast).not.toHaveBeenCalled();
    expect(ctx.deps.onReachable).toHaveBeenLastCalledWith(false);
    down = false;
    await expect(ctx.request({ path: '/a' })).resolves.toBe(1);
    expect(ctx.deps.onReachable).toHaveBeenLastCalledWith(true);
  });

  it('a refusal still means the server was reached', async () => {
    const ctx = setup(() => json({ success: false, errorCode: 1, errorMessage: 'x', data: null }, 400));
    await ctx.request({ path: '/a', silent: true }).catch(() => undefined);
    expect(ctx.deps.onReachable).toHaveBeenCalledWith(true);
  });
});

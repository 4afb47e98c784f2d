import type { FastifyInstance } from 'fastify';
import { signIn } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A signed-in caller: `call` answers the status and the parsed envelope. */
export interface Caller {
  username: string;
  userId: string;
  custId: string | null;
  call(method: Method, url: string, payload?: unknown): Promise<{ status: number; body: any }>;
}

export async function callerFor(app: FastifyInstance, username: string | null): Promise<Caller> {
  const headers = username ? await signIn(app, username) : {};
  const call: Caller['call'] = async (method, url, payload) => {
    const res = await app.inject({ method, url, headers, payload: payload as object | undefined });
    return { status: res.statusCode, body: res.json() };
  };
  if (!username) return { username: 'anonymous', userId: '', custId: null, call };
  const me = (await call('GET', '/user/current')).body.data;
  return { username, userId: me.userId, custId: me.custId, call };
}

/** Signs in every demo account at once. */
export async function demoCallers(app: FastifyInstance) {
  const [clinic, clinic2, lab, lab2, distributor, admin, anonymous] = await Promise.all(
    ['clinic', 'clinic2', 'lab', 'lab2', 'distributor', 'admin', null].map((u) => callerFor(app, u)),
  );
  return {
    clinic: clinic!,
    clinic2: clinic2!,
    lab: lab!,
    lab2: lab2!,
    distributor: distributor!,
    admin: admin!,
    anonymous: anonymous!,
  };
}

export const bindBody = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  secret: '123456',
  name: 'Scanner',
  memo: '',
  encryptType: 1,
  comCode: 1,
  scanType: 'ply',
  ...extra,
});

/** Expects a refusal with the given documented code. */
export function expectCode(res: { status: number; body: any }, code: number) {
  if (res.body.errorCode !== code || res.body.success !== false) {
    throw new Error(`expected code ${code}, got HTTP ${res.status} ${JSON.stringify(res.body)}`);
  }
}

export function expectOk(res: { status: number; body: any }) {
  if (res.status !== 200 || res.body.success !== true)
    throw new Error(`expected success, got HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

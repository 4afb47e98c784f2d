import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import * as repo from './devices.repository.ts';

export const EXPIRY_SWEEP_MS = 60_000;

/**
 * Authorizations end by themselves: a sweep marks every live one past its time as expired and audits it.
 * One UPDATE … RETURNING, so several processes sweeping at once end each authorization exactly once.
 */
export async function expireAuthorizations(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await repo.expireDueAuths(tx);
    for (const e of ended) {
      await audit(
        tx,
        {},
        {
          action: 'device.auth.expire',
          objectType: 'authorization',
          objectId: e.id,
          outcome: 'allowed',
          detail: { deviceId: e.deviceId, custId: e.custId },
        },
      );
    }
    return ended.length;
  });
}

export function startExpirySweep(db: Db, log: FastifyBaseLogger): () => void {
  const run = () =>
    expireAuthorizations(db).catch((err) => log.warn({ err }, 'authorization expiry sweep failed'));
  void run();
  const timer = setInterval(run, EXPIRY_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}

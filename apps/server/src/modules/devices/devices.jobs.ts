import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.ts';
import * as repo from './devices.repository.ts';
import * as authRepo from './authorizations.repository.ts';

export const EXPIRY_SWEEP_MS = 60_000;

/**
 * Authorizations end by themselves: a sweep marks every live one past its time as expired, ends the lending
 * completely (the device users and receivers the borrower added are deleted) and audits it. One
 * UPDATE … RETURNING, so several processes sweeping at once end each authorization exactly once.
 */
export async function expireAuthorizations(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await authRepo.expireDueAuths(tx);
    for (const e of ended) {
      const removed = await authRepo.endLending(tx, e.deviceId, e.custId);
      await audit(
        tx,
        {},
        {
          action: 'device.auth.expire',
          objectType: 'authorization',
          objectId: e.id,
          outcome: 'allowed',
          detail: { deviceId: e.deviceId, custId: e.custId, ended: removed },
        },
      );
    }
    await repo.pruneCounters(tx, new Date(Date.now() - 24 * 3600_000));
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

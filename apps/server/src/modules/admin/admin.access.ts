import type { Actor } from '../../platform/auth.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import type { Db, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';

/** What a console call acts on, for its audit entry. */
export interface ConsoleObject {
  action: string;
  objectType: 'customer' | 'user';
  objectId: string | null;
}

/**
 * Runs a console change in one transaction (its audit entry is written inside it by `fn`); a refusal (AppError)
 * rolls it back and is audited outside it, so refused console calls are on record too. The route's access ('admin')
 * already refused everyone but platform administrators.
 */
export async function guardedConsole<T>(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  what: ConsoleObject,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(fn);
  } catch (err) {
    if (err instanceof AppError) {
      await audit(db, ctx, {
        actorUserId: actor.userId,
        actorCustId: actor.custId,
        action: what.action,
        objectType: what.objectType,
        objectId: what.objectId,
        outcome: 'refused',
        detail: { code: err.def.code, key: err.def.key },
      });
    }
    throw err;
  }
}

import type { Actor } from '../../platform/auth.ts';
import { auditedTransaction, type RequestContext } from '../../platform/audit/audit.ts';
import type { Db, Tx } from '../../platform/db/client.ts';

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
/**
 * A console change in one transaction (its audit entry is written inside it by `fn`); a refusal is audited too (see
 * auditedTransaction). The route's access ('admin') already refused everyone but platform administrators.
 */
export const guardedConsole = <T>(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  what: ConsoleObject,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> => auditedTransaction(db, ctx, { actor, ...what }, fn);

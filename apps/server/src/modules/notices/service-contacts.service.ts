import {
  CustStatus,
  serviceContacts,
  type ServiceContactAnswer,
  type ServiceContacts,
} from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { readSetting, writeSetting } from '../../platform/settings/settings.ts';
import * as repo from './notices.repository.ts';

const KEY = 'serviceContacts';
const empty = { text: '', phone: '', email: '' };

/** Both desks as the administrator set them (empty details until then). */
export async function readContacts(db: Db): Promise<ServiceContacts> {
  const stored = serviceContacts.safeParse((await readSetting(db, KEY))?.value);
  return stored.success ? stored.data : { preSales: empty, afterSales: empty };
}

/** `PUT /api2/admin/service/contacts`: the administrator sets both desks (audited). */
export async function writeContacts(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  body: ServiceContacts,
): Promise<ServiceContacts> {
  await db.transaction(async (tx) => {
    await writeSetting(tx, KEY, body);
    await audit(tx, ctx, {
      actorUserId: actor.userId,
      action: 'service.contacts',
      objectType: 'platformSetting',
      objectId: KEY,
      outcome: 'allowed',
    });
  });
  return body;
}

/**
 * `GET /api/service/contacts`: the desk for the caller's organization — pre-sales while it is not verified or has
 * no device (owned or lent to it), after-sales otherwise; a person without an organization gets pre-sales.
 */
export async function contactFor(db: Db, actor: Actor): Promise<ServiceContactAnswer> {
  const contacts = await readContacts(db);
  const state = actor.custId ? await repo.orgServiceState(db, actor.custId) : undefined;
  const after = !!state && state.status === CustStatus.authorized && state.devices > 0;
  return after
    ? { desk: 'afterSales', contact: contacts.afterSales }
    : { desk: 'preSales', contact: contacts.preSales };
}

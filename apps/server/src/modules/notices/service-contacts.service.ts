import {
  CustStatus,
  serviceContacts,
  type ServiceContact,
  type ServiceContactAnswer,
  type ServiceContacts,
} from '@archway/contract';
import type { Actor } from '../../platform/auth.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import type { Db, Queryable } from '../../platform/db/client.ts';
import { readSetting, writeSetting } from '../../platform/settings/settings.ts';
import * as repo from './notices.repository.ts';

const KEY = 'serviceContacts';
const empty = { text: '', phone: '', email: '' };

/** Both desks as the administrator set them (empty details until then). */
export async function readContacts(db: Db): Promise<ServiceContacts> {
  const stored = serviceContacts.safeParse((await readSetting(db, KEY))?.value);
  return stored.success ? stored.data : { preSales: empty, afterSales: empty };
}

/**
 * Sets both desks when neither has been set yet (the demo's first start, in its transaction); an administrator's
 * own details are never replaced. Answers whether it wrote them.
 */
export async function presetContacts(tx: Queryable, contacts: ServiceContacts): Promise<boolean> {
  if (await readSetting(tx, KEY)) return false;
  await writeSetting(tx, KEY, contacts);
  return true;
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

/** A desk whose text, phone and e-mail are all empty has not been set. */
const isSet = (c: ServiceContact) => !!(c.text || c.phone || c.email);

/**
 * `GET /api/service/contacts`: the desk for the caller's organization — pre-sales while it is not verified or has
 * no device (owned or lent to it), after-sales otherwise; a person without an organization gets pre-sales. The
 * contact is null while that desk has not been set, so nobody is shown an empty desk.
 */
export async function contactFor(db: Db, actor: Actor): Promise<ServiceContactAnswer> {
  const contacts = await readContacts(db);
  const state = actor.custId ? await repo.orgServiceState(db, actor.custId) : undefined;
  const after = !!state && state.status === CustStatus.authorized && state.devices > 0;
  const desk = after ? 'afterSales' : 'preSales';
  const contact = contacts[desk];
  return { desk, contact: isSet(contact) ? contact : null };
}

import {
  colorSetting,
  CustErrors,
  custSearchSetting,
  introductionSetting,
  mailSetting,
  PrivacyErrors,
  SettingErrors,
  SettingTypes,
  UserErrors,
  type ErrorDef,
  type PrivacyAnswer,
  type UserSearchSetting,
} from '@archway/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { audit, type RequestContext } from '../../platform/audit/audit.ts';
import * as userRow from '../account/user-row.service.ts';
import { administeredOrg as ownedOrg } from './orgs.access.ts';
import * as repo from './settings.repository.ts';

/** A refusal whose `res` (calls-and-errors §8.4) is also in the envelope's data. */
const refuse = (def: ErrorDef, field?: string) => new AppError(def, field, { res: def.code });

const changed = (
  ctx: RequestContext,
  actor: Actor,
  action: string,
  objectType: string,
  objectId: string,
  detail: Record<string, unknown>,
) => ({
  ctx,
  entry: {
    actorUserId: actor.userId,
    actorCustId: actor.custId,
    action,
    objectType,
    objectId,
    outcome: 'allowed' as const,
    detail,
  },
});

/** Organization-wide settings are changed by its administrator (membership role `owner`) only. */
const administeredOrg = (db: Db, actor: Actor, refusal: ErrorDef) => ownedOrg(db, actor, refusal, refuse);

function memberOrgOf(actor: Actor): string {
  if (!actor.custId) throw new AppError(CustErrors.missing);
  return actor.custId;
}

/** `GET /cust/clinic/setting?type=`: 0 the caller's e-mail subscription, 1-3 the caller's organization. */
export async function readSetting(db: Db, actor: Actor, type: number) {
  if (type === SettingTypes.mail) {
    const u = await repo.userSettings(db, actor.userId);
    if (!u) throw new AppError(UserErrors.invalidUser);
    return { CaseEmailNotice: u.caseEmailNotice, EquipEmailNotie: u.equipEmailNotice };
  }
  if (type < 0 || type > 3) throw refuse(SettingErrors.noSuchType, 'type');
  const c = await repo.customerSettings(db, memberOrgOf(actor));
  if (!c) throw new AppError(CustErrors.notFound);
  if (type === SettingTypes.search)
    return { CustEmailNotice: c.searchEmail, CustPhoneNotice: c.searchPhone, CustNameNotice: c.searchName };
  if (type === SettingTypes.introduction) return { introduction: c.introduction ?? '' };
  return { fontColor: c.fontColor };
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const r = schema.safeParse(body);
  if (!r.success) throw refuse(SettingErrors.invalid, r.error.issues[0]?.path.join('.') || undefined);
  return r.data;
}

/**
 * `POST /cust/clinic/setting`: type 0 by anyone for themself; types 1 (custom search), 2 (introduction) and 3
 * (colour) by the organization's administrator only (-2). Unknown type -3, invalid values -4. Answers `{res: 0}`.
 */
export async function writeSetting(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  body: { type: number } & Record<string, unknown>,
) {
  const { type } = body;
  if (type < 0 || type > 3) throw refuse(SettingErrors.noSuchType, 'type');
  if (type === SettingTypes.mail) {
    const v = parse(mailSetting, body);
    return db.transaction(async (tx) => {
      if (
        !(await userRow.updateUserSettings(tx, actor.userId, {
          caseEmailNotice: v.CaseEmailNotice,
          equipEmailNotice: v.EquipEmailNotie,
        }))
      )
        throw new AppError(UserErrors.invalidUser);
      const a = changed(ctx, actor, 'user.setting.mail', 'user', actor.userId, v);
      await audit(tx, a.ctx, a.entry);
      return { res: 0 as const };
    });
  }
  let set: Parameters<typeof repo.updateCustomerSettings>[2];
  if (type === SettingTypes.search) {
    const v = parse(custSearchSetting, body);
    set = { searchEmail: v.CustEmailNotice, searchPhone: v.CustPhoneNotice, searchName: v.CustNameNotice };
  } else if (type === SettingTypes.introduction) {
    set = { introduction: parse(introductionSetting, body).introduction };
  } else {
    set = { fontColor: parse(colorSetting, body).fontColor };
  }
  const custId = await administeredOrg(db, actor, SettingErrors.notAdministrator);
  return db.transaction(async (tx) => {
    if (!(await repo.updateCustomerSettings(tx, custId, set))) throw new AppError(CustErrors.notFound);
    const a = changed(ctx, actor, `customer.setting.${type}`, 'customer', custId, set);
    await audit(tx, a.ctx, a.entry);
    return { res: 0 as const };
  });
}

/** `GET /user/find/setting`: who may find the caller by e-mail, phone, name. */
export async function readUserSearch(db: Db, actor: Actor): Promise<UserSearchSetting> {
  const u = await repo.userSettings(db, actor.userId);
  if (!u) throw new AppError(UserErrors.invalidUser);
  return { emailNotice: u.searchEmail, phoneNotice: u.searchPhone, nameNotice: u.searchName };
}

/** `POST /user/check/setting`: answers `{res: 0}`; invalid values are refused by the route (res -2). */
export async function writeUserSearch(db: Db, ctx: RequestContext, actor: Actor, v: UserSearchSetting) {
  return db.transaction(async (tx) => {
    if (
      !(await userRow.updateUserSettings(tx, actor.userId, {
        searchEmail: v.emailNotice,
        searchPhone: v.phoneNotice,
        searchName: v.nameNotice,
      }))
    )
      throw new AppError(UserErrors.invalidUser);
    const a = changed(ctx, actor, 'user.setting.search', 'user', actor.userId, v);
    await audit(tx, a.ctx, a.entry);
    return { res: 0 as const };
  });
}

/**
 * `GET /api2/cust/privacy?custId=`: an organization's privacy mask (the caller's own without custId). The mask is
 * public to signed-in members (search results carry it too); an unknown organization is -1.
 */
export async function readPrivacy(db: Db, actor: Actor, custId?: string): Promise<PrivacyAnswer> {
  const id = custId ?? memberOrgOf(actor);
  const c = await repo.customerSettings(db, id);
  if (!c) throw refuse(PrivacyErrors.load, 'custId');
  return { custId: c.id, privacy: c.privacy };
}

/**
 * `DELETE` (show: removes the hide bit) and `PUT` (hide: sets it) `/api2/cust/privacy?privacy=`: the administrator
 * only. Product §4: the switch on "removes the e-mail bit (2), then the phone bit (4)"; calls §7.5 names DELETE
 * with its "(hide bit)" parameter for that. A refused DELETE is -3 (permissionDeleteFailed), a refused PUT -2.
 */
export async function changePrivacy(
  db: Db,
  ctx: RequestContext,
  actor: Actor,
  bit: number,
  { hide }: { hide: boolean },
): Promise<PrivacyAnswer> {
  const refusal = hide ? PrivacyErrors.update : PrivacyErrors.delete;
  const custId = await administeredOrg(db, actor, refusal);
  return db.transaction(async (tx) => {
    const privacy = await repo.changePrivacyBit(tx, custId, bit, hide);
    if (privacy === undefined) throw new AppError(CustErrors.notFound);
    const a = changed(
      ctx,
      actor,
      hide ? 'customer.privacy.hide' : 'customer.privacy.show',
      'customer',
      custId,
      { bit, privacy },
    );
    await audit(tx, a.ctx, a.entry);
    return { custId, privacy };
  });
}

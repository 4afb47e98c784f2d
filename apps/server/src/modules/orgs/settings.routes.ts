import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  privacyAnswer,
  privacyBitQuery,
  PrivacyErrors,
  privacyQuery,
  settingAnswer,
  settingBody,
  SettingErrors,
  settingQuery,
  settingResult,
  userSearchSetting,
  UserSettingErrors,
} from '@archway/contract';
import { ok } from '../../platform/envelope.ts';
import { requestContext, requireActor } from '../../platform/auth.ts';
import type { Platform } from '../../platform/platform.ts';
import * as service from './settings.service.ts';

const security = [{ bearer: [] }];
const tags = ['settings'];
const RES =
  ' Answers `{res: 0}`; every refusal (invalid input too) carries its `res` as the errorCode and in `data.res`, calls-and-errors §8.4.';

/**
 * The settings drawer's stored switches: e-mail subscription (type 0, per person), custom search (type 1 and the
 * user's own), introduction (2), colour (3) and the organization's privacy mask.
 */
export const settingsRoutes =
  ({ db }: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/cust/clinic/setting',
      {
        config: { access: 'signedIn', validationError: SettingErrors.loadFailed, refusalRes: true },
        schema: {
          tags,
          security,
          summary:
            "Read a setting: type 0 the caller's e-mail subscription {CaseEmailNotice, EquipEmailNotie} (on by default); 1 the organization's custom search {CustEmailNotice, CustPhoneNotice, CustNameNotice}; 2 {introduction}; 3 {fontColor}. A missing type is -1, an unknown one -3",
          querystring: settingQuery,
          response: { 200: envelope(settingAnswer) },
        },
      },
      async (req) => ok(await service.readSetting(db, requireActor(req), req.query.type)),
    );

    app.post(
      '/cust/clinic/setting',
      {
        config: { access: 'signedIn', validationError: SettingErrors.invalid, refusalRes: true },
        schema: {
          tags,
          security,
          summary:
            "Write a setting: {type: 0, CaseEmailNotice, EquipEmailNotie} for the caller; types 1 (custom search), 2 (introduction, at most 2000 characters) and 3 (fontColor #rgb/#rrggbb/#rrggbbaa or null) for the caller's organization, by its administrator only (-2). -3 unknown type, -4 invalid values." +
            RES,
          body: settingBody,
          response: { 200: envelope(settingResult) },
        },
      },
      async (req) => ok(await service.writeSetting(db, requestContext(req), requireActor(req), req.body)),
    );

    app.get(
      '/user/find/setting',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          security,
          summary: 'Who may find the caller by e-mail, phone or name (all true by default)',
          response: { 200: envelope(userSearchSetting) },
        },
      },
      async (req) => ok(await service.readUserSearch(db, requireActor(req))),
    );

    app.post(
      '/user/check/setting',
      {
        config: { access: 'signedIn', validationError: UserSettingErrors.invalid, refusalRes: true },
        schema: {
          tags,
          security,
          summary:
            'Set who may find the caller by e-mail, phone or name (three booleans; anything else is -2).' +
            RES,
          body: userSearchSetting,
          response: { 200: envelope(settingResult) },
        },
      },
      async (req) => ok(await service.writeUserSearch(db, requestContext(req), requireActor(req), req.body)),
    );

    app.get(
      '/api2/cust/privacy',
      {
        config: { access: 'member', validationError: PrivacyErrors.load },
        schema: {
          tags,
          security,
          summary:
            "An organization's privacy mask (the spec's \"get privacy by custId\", path not shown): custId optional, the caller's own by default. Bits: 2 e-mail, 4 phone, 8 address (address, city, street); a set bit hides the field from other organizations. Unknown organization -1",
          querystring: privacyQuery,
          response: { 200: envelope(privacyAnswer) },
        },
      },
      async (req) => ok(await service.readPrivacy(db, requireActor(req), req.query.custId)),
    );

    app.put(
      '/api2/cust/privacy',
      {
        config: { access: 'member', validationError: PrivacyErrors.update },
        schema: {
          tags,
          security,
          summary:
            "Hide a field: sets the hide bit `privacy` (2, 4 or 8) of the caller's organization; its administrator only. Refusals -2 (permissionUpdateFailed); answers the new mask",
          querystring: privacyBitQuery,
          response: { 200: envelope(privacyAnswer) },
        },
      },
      async (req) =>
        ok(
          await service.changePrivacy(db, requestContext(req), requireActor(req), req.query.privacy, {
            hide: true,
          }),
        ),
    );

    app.delete(
      '/api2/cust/privacy',
      {
        config: { access: 'member', validationError: PrivacyErrors.delete },
        schema: {
          tags,
          security,
          summary:
            'Make a field visible: removes the hide bit `privacy` (2, 4 or 8) of the caller\'s organization (calls §7.5 "param privacy (hide bit)"; the switch on removes 2, then 4); its administrator only. Refusals -3 (permissionDeleteFailed); answers the new mask',
          querystring: privacyBitQuery,
          response: { 200: envelope(privacyAnswer) },
        },
      },
      async (req) =>
        ok(
          await service.changePrivacy(db, requestContext(req), requireActor(req), req.query.privacy, {
            hide: false,
          }),
        ),
    );
  };

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ConsoleErrors,
  consoleAdminBody,
  consoleAdminList,
  consoleAdminRow,
  consoleIdParams,
  consolePasswordResetAnswer,
  consoleUserDetail,
  consoleUserDisabledBody,
  consoleUserListQuery,
  consoleUserPage,
  consoleUserRow,
  envelope,
  RegisterErrors,
} from '@archway/contract';
import { requestContext, requireActor } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/platform.ts';
import * as service from './admin-users.service.ts';

const security = [{ bearer: [] }];
const config = { access: 'admin' as const, validationError: ConsoleErrors.parameter };

/**
 * The administrator's console: users and administrators (`/manager` → Users, Administrators). HTTP 403 code 100
 * for everyone else.
 */
export const adminUsersRoutes =
  (platform: Platform): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api2/admin/console/users',
      {
        config,
        schema: {
          tags: ['administration'],
          security,
          summary:
            'Accounts (administrators), newest first, deleted ones left out: keyword matches a part of the username, e-mail or phone; disabled and admin narrow. Each row lists the organizations and the last sign-in (from the audit log). Audited (console.search)',
          querystring: consoleUserListQuery,
          response: { 200: envelope(consoleUserPage) },
        },
      },
      async (req) => ok(await service.listUsers(platform, requestContext(req), requireActor(req), req.query)),
    );

    app.get(
      '/api2/admin/console/users/:id',
      {
        config,
        schema: {
          tags: ['administration'],
          security,
          summary:
            'One account (administrators). Audited (console.read); unknown ids answer console.userNotFound (-3)',
          params: consoleIdParams,
          response: { 200: envelope(consoleUserDetail) },
        },
      },
      async (req) =>
        ok(await service.userDetail(platform, requestContext(req), requireActor(req), req.params.id)),
    );

    app.put(
      '/api2/admin/console/users/:id/disabled',
      {
        config,
        schema: {
          tags: ['administration'],
          security,
          summary:
            'Disable or enable an account (administrators). Disabled, it cannot sign in (signIn.disabled) and its tokens and sessions end at once; enabling does not revive them. Not your own account (console.self, -2)',
          params: consoleIdParams,
          body: consoleUserDisabledBody,
          response: { 200: envelope(consoleUserRow) },
        },
      },
      async (req) =>
        ok(
          await service.setUserDisabled(
            platform,
            requestContext(req),
            requireActor(req),
            req.params.id,
            req.body.disabled,
          ),
        ),
    );

    app.post(
      '/api2/admin/console/users/:id/password-reset',
      {
        config,
        schema: {
          tags: ['administration'],
          security,
          summary:
            'Force a password reset (administrators): the password no longer signs in (signIn.resetRequired, -5), every session ends, and a reset link is mailed to the account in its language; resetting the password clears it. Refused: your own account (-2), a disabled one (-5), one without e-mail (-4)',
          params: consoleIdParams,
          response: { 200: envelope(consolePasswordResetAnswer) },
        },
      },
      async (req) =>
        ok(await service.forcePasswordReset(platform, requestContext(req), requireActor(req), req.params.id)),
    );

    app.get(
      '/api2/admin/console/admins',
      {
        config,
        schema: {
          tags: ['administration'],
          security,
          summary: 'Administrator accounts (administrators), oldest first, with their last sign-in. Audited',
          response: { 200: envelope(consoleAdminList) },
        },
      },
      async (req) => ok(await service.listAdmins(platform, requestContext(req), requireActor(req))),
    );

    app.post(
      '/api2/admin/console/admins',
      {
        config: { access: 'admin', validationError: RegisterErrors.invalid },
        schema: {
          tags: ['administration'],
          security,
          summary:
            'Create an administrator (administrators only): username 2 to 16 letters, digits and @ . _ -; the Password rule (6 to 16 letters, digits or _); a taken username or e-mail answers register.usernameTaken / register.emailTaken, invalid input register.invalid. Administrators belong to no organization and sign in under a stricter limit (3 failures per 15 minutes). Audited',
          body: consoleAdminBody,
          response: { 200: envelope(consoleAdminRow) },
        },
      },
      async (req) =>
        ok(await service.createAdmin(platform, requestContext(req), requireActor(req), req.body)),
    );
  };
